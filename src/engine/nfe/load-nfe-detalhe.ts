import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { readDanfeView, type DanfeItem } from './danfe-view.js';
import { FORMAS_PAGAMENTO, type Contribuinte, type FormaPagamento } from './nfe-request.js';

/** indIEDest of the layout by the API's names for the recipient's ICMS status. */
const CONTRIBUINTE: Record<string, Contribuinte> = { '1': 'contribuinte', '2': 'isento', '9': 'nao_contribuinte' };

const FORMA_DE_TPAG = new Map<string, FormaPagamento>(
  Object.entries(FORMAS_PAGAMENTO).map(([nome, tPag]) => [tPag, nome as FormaPagamento]),
);

/**
 * What a person checks on an NF-e: the recipient, each item with its taxes, the totals and the payments, read
 * from the note's own XML (the nfeProc once the authority answered, the NFe as signed before that), the one copy
 * that holds the values of every `modo` (calculated taxes are not in the request). Decimal strings as the XML
 * writes them. Null for a note outside the caller's account, environment or company restriction.
 */
export async function loadNfeDetalhe(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  const note = await deps.db.nfe.findFirst({
    where: {
      id,
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
    },
    select: { xml: true, procXml: true },
  });
  if (!note) return null;
  await loadLibxml2();
  const v = readDanfeView(note.procXml ?? note.xml);
  const d = v.destinatario;
  return {
    natureza_operacao: v.natOp,
    destinatario: d && {
      nome: d.nome,
      documento: d.documento,
      inscricao_estadual: d.ie,
      contribuinte: d.indIEDest ? (CONTRIBUINTE[d.indIEDest] ?? null) : null,
      endereco: d.endereco,
      bairro: d.bairro,
      municipio: d.municipio,
      uf: d.uf,
      cep: d.cep,
    },
    itens: v.itens.map(itemOf),
    totais: {
      produtos: v.totais.vProd ?? null,
      descontos: v.totais.vDesc ?? null,
      frete: v.totais.vFrete ?? null,
      seguro: v.totais.vSeg ?? null,
      outros: v.totais.vOutro ?? null,
      base_icms: v.totais.vBC ?? null,
      icms: v.totais.vICMS ?? null,
      base_icms_st: v.totais.vBCST ?? null,
      icms_st: v.totais.vST ?? null,
      ipi: v.totais.vIPI ?? null,
      pis: v.totais.vPIS ?? null,
      cofins: v.totais.vCOFINS ?? null,
      base_ibs_cbs: v.ibsCbs?.vBCIBSCBS ?? null,
      ibs: v.ibsCbs?.vIBS ?? null,
      cbs: v.ibsCbs?.vCBS ?? null,
      tributos_aproximados: v.totais.vTotTrib ?? null,
      total: v.totais.vNF ?? null,
    },
    pagamentos: v.pagamentos.map((p) => ({
      forma: FORMA_DE_TPAG.get(p.tPag) ?? p.tPag,
      descricao: p.xPag,
      valor: p.vPag,
    })),
    troco: v.vTroco,
  };
}

function itemOf(i: DanfeItem, index: number) {
  return {
    numero: index + 1,
    codigo: i.codigo,
    descricao: i.descricao,
    ncm: i.ncm,
    cfop: i.cfop,
    cst: i.cst,
    unidade: i.unidade,
    quantidade: i.quantidade,
    valor_unitario: i.valorUnitario,
    valor_total: i.valorTotal,
    desconto: i.vDesc,
    base_icms: i.vBC,
    aliquota_icms: i.pICMS,
    icms: i.vICMS,
    icms_st: i.vICMSST,
    ipi: i.vIPI,
    pis: i.vPIS,
    cofins: i.vCOFINS,
    ibs: i.vIBS,
    cbs: i.vCBS,
  };
}

export type NfeDetalhe = NonNullable<Awaited<ReturnType<typeof loadNfeDetalhe>>>;
