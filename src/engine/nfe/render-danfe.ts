import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import { loadLibxml2 } from '../xml/libxml2.js';
import { formatDate, formatDocument, money } from '../nfse/nacional/render-danfse.js';
import { readDanfeView, type DanfeItem, type DanfeParty, type DanfeView } from './danfe-view.js';

/**
 * DANFE (retrato) rendered locally from the authorised NF-e, blocks as in the MOC's DANFE layout: receipt stub,
 * emitter and DANFE box with the access key in Code 128 (subset C), nature and authorisation protocol,
 * recipient, invoices, tax totals (with IBS/CBS when the note carries them), carrier, items and additional data.
 */
export interface RenderDanfeOptions {
  /**
   * EPEC contingency (tpEmis 4): the note is printed before the authoriser has it, with the protocol of the EPEC
   * event registered in the national environment in place of the authorisation protocol.
   */
  epec?: { protocolo: string; dhRegistro: string };
  /** Stamps "NF-e CANCELADA" (the cancellation is a separate event; the XML stays the authorised one). */
  cancelada?: boolean;
  /**
   * A preview of a request never sent (POST /v1/nfe/previa): no protocol exists, so every sheet is stamped as a
   * preview without fiscal value and the protocol box says the note was not sent.
   */
  previa?: boolean;
  /** The company's logo (PNG or JPEG already checked by readCompanyLogo), printed scaled in the emitter box. */
  logo?: Buffer;
}

export async function renderDanfe(xml: string, options: RenderDanfeOptions = {}): Promise<Buffer> {
  await loadLibxml2();
  const view = readDanfeView(xml);
  if (options.epec && view.tpEmis !== '4') throw new Error('DANFE de EPEC exige NF-e emitida com tpEmis 4');
  if (!options.epec && !options.previa && !view.protocolo)
    throw new Error('NF-e sem protocolo de autorização: use o nfeProc ou informe o EPEC');
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: view.chave, scale: 2, height: 9, includetext: false });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `DANFE ${view.nNF}`, Subject: `NF-e ${view.chave}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The sheet count is known only at the end: each sheet's DANFE box top is kept to print "FOLHA i/n" in it.
  const boxTops: number[] = [];
  drawDanfe({ doc, view, barcode, options, boxTops });
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica-Bold')
      .fontSize(7)
      .text(`FOLHA ${i + 1}/${range.count}`, LEFT + 230, boxTops[i]! + 78, {
        width: 95,
        align: 'center',
        lineBreak: false,
      });
    if (options.previa) watermark(doc, 'PRÉVIA - SEM VALOR FISCAL', 420);
    else if (view.tpAmb === '2') watermark(doc, 'SEM VALOR FISCAL', 420);
    if (options.cancelada) watermark(doc, 'NF-e CANCELADA', 320);
  }
  doc.end();
  return done;
}

/** "43180906929383000163550010000000261000010301" → groups of four digits, as printed under the barcode. */
export function formatChave(chave: string): string {
  return chave.replace(/(.{4})(?=.)/g, '$1 ');
}

type Doc = PDFKit.PDFDocument;
const MARGIN = 20;
const LEFT = MARGIN;
const WIDTH = 555;
const BOTTOM = 842 - MARGIN;

/** The DANFE being drawn: the note, what every sheet repeats, and the top of each sheet's DANFE box. */
interface Danfe {
  doc: Doc;
  view: DanfeView;
  barcode: Buffer;
  options: RenderDanfeOptions;
  boxTops: number[];
}

function drawDanfe(danfe: Danfe): void {
  const { doc, view: v, options } = danfe;
  let y = stub(doc, v);
  danfe.boxTops.push(y);
  y = header(danfe, y);
  y = partyBlock(doc, y, 'DESTINATÁRIO / REMETENTE', v.destinatario, v);
  if (v.duplicatas.length) y = invoiceBlock(doc, y, v);
  y = taxBlock(doc, y, v);
  y = carrierBlock(doc, y, v);
  y = itemsBlock(danfe, y);
  if (y > BOTTOM - 70) y = newSheet(danfe);
  additionalBlock(doc, y, v, options);
}

/** A further sheet starts with the DANFE box and the key, as the layout asks of every sheet. */
function newSheet(danfe: Danfe): number {
  danfe.doc.addPage();
  danfe.boxTops.push(MARGIN);
  return header(danfe, MARGIN);
}

/** Where a box is drawn on the sheet, in points. */
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A bordered field: its label small at the top, its value in bold at the bottom. */
function box(doc: Doc, { x, y, w, h }: Rect, label: string, value: string, align: 'left' | 'right' = 'left'): void {
  doc.lineWidth(0.5).rect(x, y, w, h).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#000')
    .text(label, x + 2, y + 1.5, { width: w - 4, lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .text(value || '', x + 2, y + h - 10, { width: w - 4, align, lineBreak: false, ellipsis: true });
}

function title(doc: Doc, y: number, text: string): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .text(text, LEFT, y + 2);
  return y + 10;
}

function stub(doc: Doc, v: DanfeView): number {
  doc.lineWidth(0.5).rect(LEFT, MARGIN, 455, 42).stroke();
  doc
    .font('Helvetica')
    .fontSize(6)
    .text(
      `RECEBEMOS DE ${v.emitente.nome} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO`,
      LEFT + 2,
      MARGIN + 2,
      { width: 450, height: 16, ellipsis: true },
    );
  box(doc, { x: LEFT, y: MARGIN + 18, w: 110, h: 24 }, 'DATA DE RECEBIMENTO', '');
  box(doc, { x: LEFT + 110, y: MARGIN + 18, w: 345, h: 24 }, 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', '');
  doc.rect(LEFT + 455, MARGIN, 100, 42).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('NF-e', LEFT + 455, MARGIN + 6, { width: 100, align: 'center' });
  doc.fontSize(8).text(`Nº ${numero(v.nNF)}`, LEFT + 455, MARGIN + 18, { width: 100, align: 'center' });
  doc.text(`SÉRIE ${v.serie.padStart(3, '0')}`, LEFT + 455, MARGIN + 29, { width: 100, align: 'center' });
  doc
    .moveTo(LEFT, MARGIN + 47)
    .lineTo(LEFT + WIDTH, MARGIN + 47)
    .dash(2, { space: 2 })
    .stroke()
    .undash();
  return MARGIN + 52;
}

function header({ doc, view: v, barcode, options }: Danfe, y: number): number {
  const e = v.emitente;
  doc.rect(LEFT, y, 230, 92).stroke();
  // The logo takes the emitter box's left side; name and address are centred in what remains.
  if (options.logo) doc.image(options.logo, LEFT + 4, y + 6, { fit: [70, 80], align: 'center', valign: 'center' });
  const textX = options.logo ? LEFT + 78 : LEFT + 4;
  const textWidth = options.logo ? 148 : 222;
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(e.nome, textX, y + 6, { width: textWidth, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(
      [
        e.endereco,
        [e.bairro, e.cep ? `CEP ${e.cep}` : null].filter(Boolean).join(' - '),
        [e.municipio, e.uf].filter(Boolean).join(' - '),
        e.fone ? `Fone: ${e.fone}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      textX,
      doc.y + 4,
      { width: textWidth, align: 'center' },
    );
  doc.rect(LEFT + 230, y, 95, 92).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('DANFE', LEFT + 230, y + 4, { width: 95, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(6)
    .text('DOCUMENTO AUXILIAR DA NOTA FISCAL ELETRÔNICA', LEFT + 234, y + 18, { width: 87, align: 'center' });
  doc.fontSize(7).text('0 - ENTRADA\n1 - SAÍDA', LEFT + 238, y + 38);
  doc.rect(LEFT + 290, y + 38, 14, 14).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(v.tpNF, LEFT + 290, y + 41, { width: 14, align: 'center' });
  doc
    .fontSize(8)
    .text(`Nº ${numero(v.nNF)}\nSÉRIE ${v.serie.padStart(3, '0')}`, LEFT + 234, y + 56, { width: 87, align: 'center' });
  doc.rect(LEFT + 325, y, 230, 92).stroke();
  doc.image(barcode, LEFT + 331, y + 4, { width: 218, height: 30 });
  box(doc, { x: LEFT + 325, y: y + 38, w: 230, h: 20 }, 'CHAVE DE ACESSO', formatChave(v.chave));
  const aviso = options.epec
    ? 'DANFE impresso em contingência - EPEC regularmente recebido pela Receita Federal do Brasil'
    : 'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora';
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text(aviso, LEFT + 329, y + 62, { width: 222, align: 'center' });
  const row = y + 92;
  const protocolo = options.epec
    ? `EPEC ${options.epec.protocolo} - ${formatDate(options.epec.dhRegistro)}`
    : options.previa
      ? 'PRÉVIA - NÃO ENVIADA À SEFAZ'
      : `${v.protocolo!.nProt} - ${formatDate(v.protocolo!.dhRecbto)}`;
  box(doc, { x: LEFT, y: row, w: 325, h: 20 }, 'NATUREZA DA OPERAÇÃO', v.natOp);
  box(
    doc,
    { x: LEFT + 325, y: row, w: 230, h: 20 },
    options.epec ? 'PROTOCOLO DO EVENTO EPEC' : 'PROTOCOLO DE AUTORIZAÇÃO DE USO',
    protocolo,
  );
  box(doc, { x: LEFT, y: row + 20, w: 185, h: 20 }, 'INSCRIÇÃO ESTADUAL', e.ie ?? '');
  box(doc, { x: LEFT + 185, y: row + 20, w: 185, h: 20 }, 'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUT.', e.iest ?? '');
  box(doc, { x: LEFT + 370, y: row + 20, w: 185, h: 20 }, 'CNPJ / CPF', formatDocument(e.documento ?? undefined));
  return row + 42;
}

function partyBlock(doc: Doc, y: number, label: string, p: DanfeParty | null, v: DanfeView): number {
  const top = title(doc, y, label);
  box(doc, { x: LEFT, y: top, w: 335, h: 20 }, 'NOME / RAZÃO SOCIAL', p?.nome ?? '');
  box(doc, { x: LEFT + 335, y: top, w: 130, h: 20 }, 'CNPJ / CPF', formatDocument(p?.documento ?? undefined));
  box(doc, { x: LEFT + 465, y: top, w: 90, h: 20 }, 'DATA DA EMISSÃO', formatDate(v.dhEmi).slice(0, 10));
  box(doc, { x: LEFT, y: top + 20, w: 265, h: 20 }, 'ENDEREÇO', p?.endereco ?? '');
  box(doc, { x: LEFT + 265, y: top + 20, w: 140, h: 20 }, 'BAIRRO / DISTRITO', p?.bairro ?? '');
  box(doc, { x: LEFT + 405, y: top + 20, w: 60, h: 20 }, 'CEP', p?.cep ?? '');
  box(
    doc,
    { x: LEFT + 465, y: top + 20, w: 90, h: 20 },
    'DATA DA SAÍDA/ENTRADA',
    v.dhSaiEnt ? formatDate(v.dhSaiEnt).slice(0, 10) : '',
  );
  box(doc, { x: LEFT, y: top + 40, w: 235, h: 20 }, 'MUNICÍPIO', p?.municipio ?? '');
  box(doc, { x: LEFT + 235, y: top + 40, w: 30, h: 20 }, 'UF', p?.uf ?? '');
  box(doc, { x: LEFT + 265, y: top + 40, w: 110, h: 20 }, 'FONE / FAX', p?.fone ?? '');
  box(doc, { x: LEFT + 375, y: top + 40, w: 90, h: 20 }, 'INSCRIÇÃO ESTADUAL', p?.ie ?? '');
  box(
    doc,
    { x: LEFT + 465, y: top + 40, w: 90, h: 20 },
    'HORA DA SAÍDA/ENTRADA',
    v.dhSaiEnt ? formatDate(v.dhSaiEnt).slice(11) : '',
  );
  return top + 62;
}

function invoiceBlock(doc: Doc, y: number, v: DanfeView): number {
  const top = title(doc, y, 'FATURA / DUPLICATAS');
  const per = 6;
  const w = WIDTH / per;
  v.duplicatas.forEach((d, i) => {
    const x = LEFT + (i % per) * w;
    const row = top + Math.floor(i / per) * 22;
    box(doc, { x, y: row, w, h: 22 }, `Nº ${d.nDup}  VENC. ${formatDate(d.dVenc)}`, money(d.vDup));
  });
  return top + Math.ceil(v.duplicatas.length / per) * 22 + 2;
}

function taxBlock(doc: Doc, y: number, v: DanfeView): number {
  const top = title(doc, y, 'CÁLCULO DO IMPOSTO');
  const t = v.totais;
  const first: Array<[string, string | null]> = [
    ['BASE DE CÁLC. DO ICMS', t.vBC],
    ['VALOR DO ICMS', t.vICMS],
    ['BASE DE CÁLC. ICMS S.T.', t.vBCST],
    ['VALOR DO ICMS SUBST.', t.vST],
    ['V. TOTAL TRIBUTOS', t.vTotTrib],
    ['V. TOTAL PRODUTOS', t.vProd],
  ];
  const second: Array<[string, string | null]> = [
    ['VALOR DO FRETE', t.vFrete],
    ['VALOR DO SEGURO', t.vSeg],
    ['DESCONTO', t.vDesc],
    ['OUTRAS DESPESAS', t.vOutro],
    ['VALOR TOTAL IPI', t.vIPI],
    ['V. TOTAL DA NOTA', t.vNF],
  ];
  const third: Array<[string, string | null]> = [
    ['VALOR DO PIS', t.vPIS],
    ['VALOR DA COFINS', t.vCOFINS],
  ];
  if (v.ibsCbs)
    third.push(
      ['BASE DE CÁLC. IBS/CBS', v.ibsCbs.vBCIBSCBS],
      ['VALOR DO IBS', v.ibsCbs.vIBS],
      ['VALOR DA CBS', v.ibsCbs.vCBS],
    );
  const w = WIDTH / 6;
  [first, second, third].forEach((row, r) =>
    row.forEach(([label, value], i) =>
      box(doc, { x: LEFT + i * w, y: top + r * 20, w, h: 20 }, label, money(value ?? '0.00'), 'right'),
    ),
  );
  return top + 62;
}

const MOD_FRETE: Record<string, string> = {
  '0': '0-Por conta do Remet',
  '1': '1-Por conta do Dest',
  '2': '2-Por conta de Terceiros',
  '3': '3-Próprio Remet',
  '4': '4-Próprio Dest',
  '9': '9-Sem Transporte',
};

function carrierBlock(doc: Doc, y: number, v: DanfeView): number {
  const top = title(doc, y, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS');
  box(doc, { x: LEFT, y: top, w: 255, h: 20 }, 'NOME / RAZÃO SOCIAL', v.transporte.nome ?? '');
  box(
    doc,
    { x: LEFT + 255, y: top, w: 120, h: 20 },
    'FRETE POR CONTA',
    MOD_FRETE[v.transporte.modFrete] ?? v.transporte.modFrete,
  );
  box(doc, { x: LEFT + 375, y: top, w: 40, h: 20 }, 'UF', v.transporte.uf ?? '');
  box(doc, { x: LEFT + 415, y: top, w: 140, h: 20 }, 'CNPJ / CPF', formatDocument(v.transporte.documento ?? undefined));
  return top + 22;
}

const COLUMNS: Array<{ label: string; width: number; value: (i: DanfeItem) => string; align?: 'right' }> = [
  { label: 'CÓDIGO', width: 45, value: (i) => i.codigo },
  { label: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', width: 150, value: (i) => i.descricao },
  { label: 'NCM/SH', width: 38, value: (i) => i.ncm },
  { label: 'CST', width: 22, value: (i) => i.cst },
  { label: 'CFOP', width: 22, value: (i) => i.cfop },
  { label: 'UN', width: 20, value: (i) => i.unidade },
  { label: 'QUANT.', width: 36, value: (i) => decimal(i.quantidade, 4), align: 'right' },
  { label: 'V. UNIT.', width: 40, value: (i) => decimal(i.valorUnitario, 2), align: 'right' },
  { label: 'V. TOTAL', width: 42, value: (i) => decimal(i.valorTotal, 2), align: 'right' },
  { label: 'BC ICMS', width: 38, value: (i) => decimal(i.vBC, 2), align: 'right' },
  { label: 'V. ICMS', width: 34, value: (i) => decimal(i.vICMS, 2), align: 'right' },
  { label: 'V. IPI', width: 28, value: (i) => decimal(i.vIPI, 2), align: 'right' },
  { label: 'ALÍQ. ICMS', width: 20, value: (i) => decimal(i.pICMS, 2), align: 'right' },
  { label: 'ALÍQ. IPI', width: 20, value: (i) => decimal(i.pIPI, 2), align: 'right' },
];

function itemsBlock(danfe: Danfe, y: number): number {
  const { doc, view: v } = danfe;
  let top = itemsHeader(doc, title(doc, y, 'DADOS DOS PRODUTOS / SERVIÇOS'));
  for (const item of v.itens) {
    doc.font('Helvetica').fontSize(6);
    const height = Math.max(10, doc.heightOfString(item.descricao, { width: COLUMNS[1]!.width - 4 }) + 4);
    if (top + height > BOTTOM - 60) {
      top = itemsHeader(doc, title(doc, newSheet(danfe), 'DADOS DOS PRODUTOS / SERVIÇOS (CONTINUAÇÃO)'));
      doc.font('Helvetica').fontSize(6);
    }
    let x = LEFT;
    for (const col of COLUMNS) {
      doc.text(col.value(item), x + 2, top + 2, { width: col.width - 4, align: col.align ?? 'left' });
      x += col.width;
    }
    top += height;
    doc
      .moveTo(LEFT, top)
      .lineTo(LEFT + WIDTH, top)
      .lineWidth(0.25)
      .stroke();
  }
  return top + 4;
}

function itemsHeader(doc: Doc, y: number): number {
  let x = LEFT;
  doc.font('Helvetica-Bold').fontSize(5);
  for (const col of COLUMNS) {
    doc.lineWidth(0.5).rect(x, y, col.width, 14).stroke();
    doc.text(col.label, x + 1, y + 2, { width: col.width - 2, align: 'center' });
    x += col.width;
  }
  return y + 14;
}

function additionalBlock(doc: Doc, y: number, v: DanfeView, options: RenderDanfeOptions): void {
  const top = title(doc, y, 'DADOS ADICIONAIS');
  const lines = [
    options.previa
      ? 'PRÉVIA DE NF-E NÃO ENVIADA À SEFAZ: SEM VALOR FISCAL; NÚMERO E CHAVE PODEM MUDAR NA EMISSÃO'
      : null,
    v.tpAmb === '2' ? 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL' : null,
    options.epec
      ? `Emitida em contingência (EPEC) em ${formatDate(options.epec.dhRegistro)}; será transmitida à Sefaz autorizadora.`
      : null,
    v.infAdFisco ? `Inf. fisco: ${v.infAdFisco}` : null,
    v.infCpl,
  ]
    .filter(Boolean)
    .join('\n');
  const height = Math.max(60, BOTTOM - top);
  doc.lineWidth(0.5).rect(LEFT, top, 370, height).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .text('INFORMAÇÕES COMPLEMENTARES', LEFT + 2, top + 2);
  doc.fontSize(6.5).text(lines, LEFT + 2, top + 10, { width: 366, height: height - 12, ellipsis: true });
  doc.rect(LEFT + 370, top, 185, height).stroke();
  doc.fontSize(5.5).text('RESERVADO AO FISCO', LEFT + 372, top + 2);
}

function watermark(doc: Doc, text: string, y: number): void {
  doc
    .save()
    .rotate(-30, { origin: [300, y + 20] })
    .font('Helvetica-Bold')
    .fontSize(40)
    .fillColor('#cc0000')
    .opacity(0.2);
  doc.text(text, 70, y, { width: 460, align: 'center', lineBreak: false });
  doc.restore();
}

/** "46320" → "000.046.320", the printed NF-e number. */
function numero(nNF: string): string {
  return nNF.padStart(9, '0').replace(/^(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3');
}

/**
 * A layout decimal ("84.9000000000") with a decimal comma and at least `places` decimals; further non-zero
 * decimals are kept (a unit price may have up to 10), never rounded through a float.
 */
function decimal(value: string | null, places: number): string {
  if (!value) return '';
  const [int = '0', frac = ''] = value.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(places, '0');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${kept}`;
}
