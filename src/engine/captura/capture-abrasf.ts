import { type Credentials } from '../autoridades/endpoint.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { consultarNfseServicoTomadoMessage } from '../nfse/abrasf/abrasf-message.js';
import { callAbrasf } from '../nfse/abrasf/call-abrasf.js';
import { companyCredenciaisProvedor } from '../empresas/company-credenciais-provedor.js';
import { perfilAbrasfDoMunicipio } from '../nfse/abrasf/perfis-abrasf.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from '../nfse/abrasf/read-abrasf-answer.js';
import { xmlText } from '../nfse/abrasf/xml-text.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import type { CaptureOutcome, CaptureRun } from './capture-company.js';
import { captureWindows, type CityNote } from './capture-windows.js';
import { nextAfterNothing } from './schedule-captures.js';
import type { CaptureTarget } from './store-adn-page.js';
import { SISTEMA_ABRASF } from '../nfse/provedores/sistema-abrasf.js';

/**
 * `origem` of notes captured from an ABRASF city's own system. The interface names only São Paulo's
 * (`PREFEITURA_SP`); this is the same form for the ABRASF cities, one value for all of them (a company is in one
 * city, and the note's key names it).
 */
export const FONTE_PREFEITURA_ABRASF = SISTEMA_ABRASF.captura!.fonte;

/** DataEmissao is a dateTime; a city that writes it without an offset writes its local time (UTC−03:00). */
const instantOf = (value: string): Date | null => {
  if (!value) return null;
  const at = new Date(/(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}-03:00`);
  return Number.isNaN(at.getTime()) ? null : at;
};

const cityNote = (nfse: AbrasfNfse, ibge: string): CityNote => ({
  chave: chaveAbrasf(nfse, ibge),
  numero: nfse.numero,
  emitenteDocumento: nfse.prestador,
  tomadorDocumento: nfse.tomador,
  valor: xmlText(nfse.xml, 'ValorServicos'),
  emitidaEm: instantOf(nfse.dataEmissao),
  cancelada: nfse.cancelada,
  xml: nfse.xml,
});

/**
 * Notes issued to the company in its ABRASF city (ConsultarNfseServicoTomado, the company as Consulente), walked by
 * captureWindows. The 2.04 schema answers a page either with notes (1 to 50) or with messages only, so "nothing
 * in this period/page" can only come as a message, whose code each city picks from its own table: an answer without
 * notes is read as an empty page, its messages kept in the capture row (`ultimo_erro`) for whoever looks into it.
 */
export async function captureAbrasf(
  deps: TransmissionDeps,
  run: CaptureRun<CaptureTarget & { municipio: string; inscricaoMunicipal: string | null }>,
  credentials: Credentials,
): Promise<CaptureOutcome> {
  const { state, target, options, finish } = run;
  const perfil = perfilAbrasfDoMunicipio(target.municipio);
  const gateway = deps.abrasf;
  if (!gateway || !perfil?.operacoes.includes('ConsultarNfseServicoTomado')) {
    await finish({ nextRunAt: nextAfterNothing(deps.clock.now(), options.intervalMs), ultimoStatus: 'SEM_SISTEMA' });
    return { status: 'IGNORADA', documentos: 0, ultimoNsu: state.ultimoNsu };
  }
  const client = gateway.client({ ibge: perfil.ibge, urlDoPerfil: perfil.endpoints.producao }, null, credentials);
  const credenciais = perfil.credenciais ? await companyCredenciaisProvedor(deps, target.companyId) : {};
  const consulente = {
    documento: { CNPJ: target.cnpj },
    ...(target.inscricaoMunicipal ? { inscricaoMunicipal: target.inscricaoMunicipal } : {}),
  };
  let mensagens: Prisma.InputJsonValue | null = null;
  const outcome = await captureWindows(
    deps,
    {
      ...run,
      finish: async (data) => finish(mensagens && !data.ultimoErro ? { ...data, ultimoErro: mensagens } : data),
    },
    {
      fonte: FONTE_PREFEITURA_ABRASF,
      fetchPage: async ({ inicio, fim, pagina }) => {
        const answer = await callAbrasf(
          client,
          perfil,
          'ConsultarNfseServicoTomado',
          consultarNfseServicoTomadoMessage(perfil, { consulente, dataInicial: inicio, dataFinal: fim, pagina }),
          // Captures ask the cities' production services: their own systems serve no test key.
          { ...credenciais, requerente: { prestador: consulente, homologacao: false } },
        );
        if (answer.kind !== 'answer') {
          // Refused before reaching the service (certificate, URL): a rejection; anything else an outage.
          const rejected = answer.kind === 'transmission_failed' && answer.received === 'no';
          return { kind: 'failed', rejected, erro: { causa: answer.kind === 'timeout' ? 'timeout' : answer.cause } };
        }
        const read = readAbrasfAnswer(answer.xml);
        if (read.notas.length === 0 && read.erros.length > 0) mensagens = { erros: read.erros.map((e) => ({ ...e })) };
        return { kind: 'page', notes: read.notas.map((n) => cityNote(n, perfil.ibge)) };
      },
    },
  );
  return outcome;
}
