import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { loadLibxml2 } from '../../xml/libxml2.js';
import { readNfseXml, type NfseParty, type NfseView } from './read-nfse-xml.js';

/**
 * DANFSe rendered locally: the ADN DANFSe API was suspended by NT SE/CGNFS-e 008/2026.
 * Blocks follow the official layout: header (number, key, dates), emitente, tomador, serviço, valores/tributação,
 * informações complementares, and a QR code to the national public consultation page.
 */
export interface RenderDanfseOptions {
  /** Stamps "NFS-e CANCELADA" (the XML of a cancelled note is still the authorised one; the event is separate). */
  cancelada?: boolean;
  /** The company's logo (PNG or JPEG already checked by readCompanyLogo), printed scaled at the header's left. */
  logo?: Buffer;
}

export async function renderDanfse(nfseXml: string, options: RenderDanfseOptions = {}): Promise<Buffer> {
  await loadLibxml2();
  return renderDanfseView(readNfseXml(nfseXml), options);
}

/**
 * The same blocks from a view already read. A note of a municipality's own system has no national key: no QR code
 * to the national consultation page, the system it was issued in named instead.
 */
export async function renderDanfseView(view: NfseView, options: RenderDanfseOptions = {}): Promise<Buffer> {
  const qr = view.sistemaProprio
    ? null
    : await QRCode.toBuffer(consultationUrl(view.chave), { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 28,
    info: { Title: `DANFSe ${view.nNFSe}`, Subject: `NFS-e ${view.chave}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawDanfse(doc, view, qr, options.logo ?? null);
  if (options.cancelada) watermark(doc, 'NFS-e CANCELADA', 300);
  doc.end();
  return done;
}

export function consultationUrl(chave: string): string {
  return `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${chave}`;
}

type Doc = PDFKit.PDFDocument;
const LEFT = 28;
const WIDTH = 539;
const LABEL = 6.5;
const VALUE = 8.5;

function drawDanfse(doc: Doc, v: NfseView, qr: Buffer | null, logo: Buffer | null): void {
  let y = header(doc, v, qr, logo);
  y = partyBlock(doc, y, 'EMITENTE DA NFS-e / PRESTADOR DO SERVIÇO', v.emitente);
  y = v.tomador
    ? partyBlock(doc, y, 'TOMADOR DO SERVIÇO', v.tomador)
    : textBlock(doc, y, 'TOMADOR DO SERVIÇO', 'Tomador não identificado');
  y = serviceBlock(doc, y, v);
  y = valuesBlock(doc, y, v);
  const info = [v.chSubstda ? `NFS-e substituída: ${v.chSubstda}` : '', v.informacoes ?? ''].filter(Boolean).join('\n');
  textBlock(doc, y, 'INFORMAÇÕES COMPLEMENTARES', info || '-');
  if (v.tpAmb === '2') watermark(doc, 'SEM VALOR FISCAL', 400);
}

function header(doc: Doc, v: NfseView, qr: Buffer | null, logo: Buffer | null): number {
  doc.rect(LEFT, 28, WIDTH, 96).stroke();
  // The logo takes the top-left corner above the number row; the title moves right of it.
  if (logo) doc.image(logo, LEFT + 8, 32, { fit: [100, 44], valign: 'center' });
  const titleX = logo ? LEFT + 116 : LEFT + 8;
  doc.font('Helvetica-Bold').fontSize(13).text('DANFSe v1.0', titleX, 36);
  doc.fontSize(9).text('Documento Auxiliar da NFS-e', titleX, 52);
  doc.font('Helvetica').fontSize(7.5).text(`Município emissor: ${v.xLocEmi}`, titleX, 66);
  cell(doc, { x: LEFT + 8, y: 80, width: 70 }, 'Número da NFS-e', v.nNFSe);
  cell(doc, { x: LEFT + 82, y: 80, width: 60 }, 'Competência', formatDate(v.dCompet));
  cell(doc, { x: LEFT + 147, y: 80, width: 90 }, 'Série / Nº da DPS', `${v.serie} / ${v.nDPS}`);
  cell(doc, { x: LEFT + 242, y: 80, width: 95 }, 'Data/Hora da Emissão', formatDate(v.dhEmi));
  cell(doc, { x: LEFT + 342, y: 80, width: 95 }, 'Data/Hora do Processamento', formatDate(v.dhProc));
  cell(
    doc,
    { x: LEFT + 8, y: 102, width: 300 },
    v.sistemaProprio ? 'Identificação da NFS-e' : 'Chave de Acesso da NFS-e',
    v.chave,
  );
  const consulta = v.sistemaProprio
    ? `Emitida no sistema próprio de ${v.sistemaProprio}`
    : 'Consulta pública: www.nfse.gov.br/ConsultaPublica';
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#444')
    .text(consulta, LEFT + 322, 106, { width: 115 });
  doc.fillColor('#000');
  if (qr) doc.image(qr, LEFT + WIDTH - 92, 32, { width: 88 });
  return 130;
}

function cell(
  doc: Doc,
  { x, y, width = 200 }: { x: number; y: number; width?: number },
  label: string,
  value: string,
): void {
  doc.font('Helvetica').fontSize(LABEL).fillColor('#444').text(label, x, y, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(VALUE)
    .fillColor('#000')
    .text(value || '-', x, y + 8, { width });
}

function sectionTitle(doc: Doc, y: number, title: string): number {
  doc.rect(LEFT, y, WIDTH, 12).fillAndStroke('#e6e6e6', '#000');
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(7)
    .text(title, LEFT + 4, y + 3);
  return y + 14;
}

function partyBlock(doc: Doc, y: number, title: string, p: NfseParty): number {
  const top = sectionTitle(doc, y, title);
  cell(doc, { x: LEFT + 4, y: top, width: 120 }, 'CNPJ / CPF / NIF', formatDocument(p.documento));
  cell(doc, { x: LEFT + 130, y: top, width: 100 }, 'Inscrição Municipal', p.im ?? '-');
  cell(doc, { x: LEFT + 240, y: top, width: 100 }, 'Telefone', p.fone ?? '-');
  cell(doc, { x: LEFT + 350, y: top, width: 185 }, 'E-mail', p.email ?? '-');
  cell(doc, { x: LEFT + 4, y: top + 22, width: 260 }, 'Nome / Nome Empresarial', p.nome ?? '-');
  cell(doc, { x: LEFT + 270, y: top + 22, width: 265 }, 'Endereço', p.endereco ?? '-');
  return top + 50;
}

function serviceBlock(doc: Doc, y: number, v: NfseView): number {
  const top = sectionTitle(doc, y, 'SERVIÇO PRESTADO');
  const s = v.servico;
  cell(doc, { x: LEFT + 4, y: top, width: 330 }, 'Código de Tributação Nacional', `${s.cTribNac} - ${s.xTribNac}`);
  cell(doc, { x: LEFT + 340, y: top, width: 90 }, 'Código NBS', s.cNBS ?? '-');
  cell(doc, { x: LEFT + 440, y: top, width: 95 }, 'Local da Prestação', s.xLocPrestacao);
  doc
    .font('Helvetica')
    .fontSize(LABEL)
    .fillColor('#444')
    .text('Descrição do Serviço', LEFT + 4, top + 24);
  doc
    .font('Helvetica')
    .fontSize(VALUE)
    .fillColor('#000')
    .text(s.xDescServ, LEFT + 4, top + 32, { width: WIDTH - 8 });
  return Math.max(doc.y + 6, top + 50);
}

function valuesBlock(doc: Doc, y: number, v: NfseView): number {
  const top = sectionTitle(doc, y, 'VALORES E TRIBUTAÇÃO DO ISSQN');
  const val = v.valores;
  const retido =
    val.tpRetISSQN === '1'
      ? 'Não retido'
      : val.tpRetISSQN === '2'
        ? 'Retido pelo tomador'
        : 'Retido pelo intermediário';
  const cols: Array<[string, string]> = [
    ['Valor do Serviço', money(val.vServ)],
    ['Desconto Incondicionado', money(val.vDescIncond)],
    ['Base de Cálculo', money(val.vBC)],
    ['Alíquota', val.pAliq ? `${val.pAliq.replace('.', ',')}%` : '-'],
    ['ISSQN Apurado', money(val.vISSQN)],
    ['Retenção do ISSQN', retido],
  ];
  cols.forEach(([label, value], i) => cell(doc, { x: LEFT + 4 + i * 89, y: top, width: 86 }, label, value));
  cell(doc, { x: LEFT + 4, y: top + 24, width: 200 }, 'Município de Incidência', v.servico.xLocIncid ?? '-');
  cell(doc, { x: LEFT + 214, y: top + 24, width: 120 }, 'Total Retido', money(val.vTotalRet));
  cell(doc, { x: LEFT + 360, y: top + 24, width: 175 }, 'VALOR LÍQUIDO DA NFS-e', money(val.vLiq));
  return top + 52;
}

function textBlock(doc: Doc, y: number, title: string, text: string): number {
  const top = sectionTitle(doc, y, title);
  doc
    .font('Helvetica')
    .fontSize(VALUE)
    .fillColor('#000')
    .text(text, LEFT + 4, top + 2, { width: WIDTH - 8 });
  return doc.y + 8;
}

function watermark(doc: Doc, text: string, y: number): void {
  doc
    .save()
    .rotate(-30, { origin: [300, y + 20] })
    .font('Helvetica-Bold')
    .fontSize(40)
    .fillColor('#cc0000')
    .opacity(0.25);
  doc.text(text, 90, y, { width: 460, align: 'center' });
  doc.restore();
}

/** "1500.5" → "R$ 1.500,50" without going through a float. */
export function money(value: string | undefined): string {
  if (!value) return '-';
  const [int, frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${grouped},${(frac + '00').slice(0, 2)}`;
}

/** "2026-01-15T10:00:00-03:00" → "15/01/2026 10:00:00"; "2026-01-15" → "15/01/2026". */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

export function formatDocument(doc: string | undefined): string {
  if (!doc) return '-';
  // The alphanumeric CNPJ keeps the numeric mask (12.ABC.345/01DE-35).
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc)) return doc.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  if (/^\d{11}$/.test(doc)) return doc.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return doc;
}
