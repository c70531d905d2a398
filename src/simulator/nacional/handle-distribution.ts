import type { ServerResponse } from 'node:http';
import { formatBrasilia, SIMULATOR_VERSION, sendJson } from './send-json.js';
import { simError } from './sim-error.js';
import type { RequestScope } from './request-scope.js';
import type { SimulatorContext } from './simulator-context.js';

/** Faults a test can set per CNPJ on the distribution (the capture job sends no scenario header). */
export type DistributionFault = 'rejeitar' | 'indisponibilidade';

// MA says up to 50 documents per lot (the ADN Município Swagger says 100): the contributor API uses 50.
export const ADN_LOT_SIZE = 50;

/** ADN event names (adn-contribuinte.json `TipoEvento`) by Anexo II event code. */
const TIPO_EVENTO: Record<string, string> = {
  '101101': 'CANCELAMENTO',
  '101103': 'SOLICITACAO_CANCELAMENTO_ANALISE_FISCAL',
  '105102': 'CANCELAMENTO_POR_SUBSTITUICAO',
  '105104': 'CANCELAMENTO_DEFERIDO_ANALISE_FISCAL',
  '105105': 'CANCELAMENTO_INDEFERIDO_ANALISE_FISCAL',
  '202201': 'CONFIRMACAO_PRESTADOR',
  '202205': 'REJEICAO_PRESTADOR',
  '203202': 'CONFIRMACAO_TOMADOR',
  '203206': 'REJEICAO_TOMADOR',
  '204203': 'CONFIRMACAO_INTERMEDIARIO',
  '204207': 'REJEICAO_INTERMEDIARIO',
  '205204': 'CONFIRMACAO_TACITA',
  '205208': 'ANULACAO_REJEICAO',
  '305101': 'CANCELAMENTO_POR_OFICIO',
  '305102': 'BLOQUEIO_POR_OFICIO',
  '305103': 'DESBLOQUEIO_POR_OFICIO',
};

const envelope = (tpAmb: string, now: Date) => ({
  TipoAmbiente: tpAmb === '1' ? 'PRODUCAO' : 'HOMOLOGACAO',
  VersaoAplicativo: SIMULATOR_VERSION,
  DataHoraProcessamento: formatBrasilia(now, true),
});

const erro = (codigo: string, complemento?: string) => {
  const e = simError(codigo, complemento);
  return {
    Mensagem: null,
    Parametros: [],
    Codigo: e.Codigo ?? codigo,
    Descricao: e.Descricao ?? null,
    Complemento: complemento ?? null,
  };
};

/**
 * ADN Contribuinte `GET /DFe/{NSU}?cnpjConsulta=&lote=` (adn-contribuinte.json): the documents of
 * the CNPJ after that NSU (lote=true, up to 50) or the one with that NSU (lote=false), each GZip+Base64, in
 * PascalCase. Nothing found is 404 NENHUM_DOCUMENTO_LOCALIZADO with E2215/E2230. The real ADN identifies the
 * caller by the client certificate; the simulator has no TLS, so it reads `cnpjConsulta`.
 */
export function handleDistribution(
  ctx: SimulatorContext,
  res: ServerResponse,
  scope: RequestScope,
  nsuText: string,
  query: URLSearchParams,
): void {
  const tpAmb = scope.ambiente ?? ctx.ambiente ?? '1';
  const now = ctx.clock();
  const cnpj = query.get('cnpjConsulta') ?? '';
  const fault = ctx.distributionFaults.get(cnpj);
  if (fault === 'indisponibilidade' || scope.unavailable(`DFe:${cnpj}`)) {
    return sendJson(res, 503, {
      StatusProcessamento: 'REJEICAO',
      LoteDFe: null,
      Alertas: null,
      Erros: [erro('E1217')],
      ...envelope(tpAmb, now),
    });
  }
  const rejeicao = (complemento: string) =>
    sendJson(res, 400, {
      StatusProcessamento: 'REJEICAO',
      LoteDFe: null,
      Alertas: null,
      Erros: [erro('E2215', complemento)],
      ...envelope(tpAmb, now),
    });
  if (!/^\d+$/.test(nsuText)) return rejeicao('NSU inválido.');
  if (!/^([0-9A-Z]{12}\d{2}|\d{11})$/.test(cnpj)) return rejeicao('cnpjConsulta inválido.');
  if (fault === 'rejeitar' || scope.scenario.kind === 'rejeitar') return rejeicao('Rejeição simulada.');
  const nsu = Number(nsuText);
  const lote = query.get('lote') !== 'false';
  const found = lote
    ? ctx.state.distributionAfter(tpAmb, cnpj, nsu, ADN_LOT_SIZE)
    : ctx.state.distributionAfter(tpAmb, cnpj, Math.max(nsu - 1, 0), 1);
  if (found.length === 0) {
    return sendJson(res, 404, {
      StatusProcessamento: 'NENHUM_DOCUMENTO_LOCALIZADO',
      LoteDFe: null,
      Alertas: null,
      Erros: [erro(lote ? 'E2215' : 'E2230')],
      ...envelope(tpAmb, now),
    });
  }
  sendJson(res, 200, {
    StatusProcessamento: 'DOCUMENTOS_LOCALIZADOS',
    LoteDFe: found.map((e) => ({
      NSU: e.nsu,
      ChaveAcesso: e.chave,
      TipoDocumento: e.tipo,
      TipoEvento: e.tipoEvento ? (TIPO_EVENTO[e.tipoEvento] ?? null) : null,
      ArquivoXml: e.arquivoXml,
      DataHoraGeracao: e.dhProc,
    })),
    Alertas: null,
    Erros: null,
    ...envelope(tpAmb, now),
  });
}
