import { type Credentials } from '../autoridades/endpoint.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { pedidoConsultaPeriodo } from '../nfse/sao-paulo/pedido-xml.js';
import { chaveSaoPaulo, readRetorno, type NfeSaoPaulo } from '../nfse/sao-paulo/read-retorno.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { signEnvelopedDocument } from '../xml/enveloped-document.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import type { CaptureOutcome, CaptureRun } from './capture-company.js';
import { captureWindows, type CityNote } from './capture-windows.js';
import { nextAfterNothing } from './schedule-captures.js';
import { SISTEMA_SAO_PAULO } from '../nfse/provedores/sistema-sao-paulo.js';

/** The capture row's `fonte` of this capture: the city's system's. */
export const FONTE_PREFEITURA_SP = SISTEMA_SAO_PAULO.captura!.fonte;

const cityNote = (nfe: NfeSaoPaulo): CityNote => ({
  chave: chaveSaoPaulo(nfe),
  numero: nfe.chaveNfe.numero,
  emitenteDocumento: nfe.cnpjPrestador,
  tomadorDocumento: nfe.cnpjTomador,
  valor: nfe.valorServicos,
  emitidaEm: nfe.dataEmissao ? new Date(`${nfe.dataEmissao}-03:00`) : null,
  cancelada: nfe.status === 'C',
  xml: nfe.xml,
});

/** Notes São Paulo providers issued to the company (ConsultaNFeRecebidas, signed), walked by captureWindows. */
export async function captureSaoPaulo(
  deps: TransmissionDeps,
  run: CaptureRun,
  a1: { credentials: Credentials; signer: XmlSigner },
): Promise<CaptureOutcome> {
  const { state, target, options, finish } = run;
  const gateway = deps.saoPaulo;
  if (!gateway) {
    await finish({ nextRunAt: nextAfterNothing(deps.clock.now(), options.intervalMs), ultimoStatus: 'SEM_SISTEMA' });
    return { status: 'IGNORADA', documentos: 0, ultimoNsu: state.ultimoNsu };
  }
  return captureWindows(deps, run, {
    fonte: FONTE_PREFEITURA_SP,
    fetchPage: async ({ inicio, fim, pagina }) => {
      const layout = deps.clock.now().toISOString().slice(0, 10) >= gateway.settings.layout2Desde ? 2 : 1;
      const pedido = signEnvelopedDocument(
        pedidoConsultaPeriodo(layout, target.cnpj, { dtInicio: inicio, dtFim: fim, pagina }),
        a1.signer,
      );
      const answer = await gateway.call('ConsultaNFeRecebidas', layout, pedido, a1.credentials, null);
      const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
      if (retorno?.sucesso) return { kind: 'page', notes: retorno.nfes.map(cityNote) };
      return {
        kind: 'failed',
        rejected: Boolean(retorno),
        erro: (retorno ? { erros: retorno.erros } : { causa: answer.kind }) as Prisma.InputJsonValue,
      };
    },
  });
}
