import { type EmissionResult } from '../../autoridades/emission-result.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { Rejeicao } from '../present-nfse.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { abrasfServiceFields } from '../abrasf/abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps, type IdentificacaoRps } from '../abrasf/build-abrasf-rps.js';
import { callAbrasf } from '../abrasf/call-abrasf.js';
import {
  cancelarNfseMessage,
  consultarNfseRpsMessage,
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
  pedidoCancelamentoMessage,
  substituirNfseMessage,
  type AbrasfPrestador,
} from '../abrasf/abrasf-message.js';
import type { OperacaoAbrasf, PerfilAbrasf } from '../abrasf/perfil-abrasf.js';
import { PERFIS_ABRASF } from '../abrasf/perfis-abrasf.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from '../abrasf/read-abrasf-answer.js';
import { signAbrasfXml } from '../abrasf/sign-abrasf-xml.js';
import { xmlElements, xmlText } from '../abrasf/xml-text.js';
import type { CancellationReason } from '../cancellation-input.js';
import type { CancellationRecord, NfseProvider, ProviderCall, ProviderRecovery } from './nfse-provider.js';

const PREFIX = 'RPS';

/**
 * Document id of an ABRASF note: RPS + IBGE (7) + provider CNPJ/CPF (14, a CPF left-padded) + series (5) + RPS
 * number (15). It names the city and the RPS, which is all a recovery needs.
 */
function documentId(ibge: string, documento: string, rps: IdentificacaoRps): string {
  return `${PREFIX}${ibge}${documento.padStart(14, '0')}${rps.serie.padStart(5, '0')}${rps.numero.padStart(15, '0')}`;
}

/** cMotivo of the cancellation request (1 erro na emissão, 2 serviço não prestado, 9 outros) → ABRASF CodigoCancelamento. */
const CODIGO_CANCELAMENTO: Record<CancellationReason, '1' | '2'> = { '1': '1', '2': '2', '9': '1' };

const OPERACAO_DO_DOCUMENTO: Array<[RegExp, OperacaoAbrasf]> = [
  [/^<GerarNfseEnvio[\s>]/, 'GerarNfse'],
  [/^<EnviarLoteRpsSincronoEnvio[\s>]/, 'RecepcionarLoteRpsSincrono'],
  [/^<SubstituirNfseEnvio[\s>]/, 'SubstituirNfse'],
];

/**
 * The ABRASF 2.04 cities of our profiles (src/engine/nfse/abrasf/perfis): one signed RPS per note, sent as the
 * city's profile says (GerarNfse or a one-RPS synchronous lot, SubstituirNfse for a substitution), recovered with
 * ConsultarNfsePorRps before any resend and cancelled with CancelarNfse.
 */
export function abrasfProvider(deps: TransmissionDeps & { abrasf: AbrasfGateway }): NfseProvider {
  const perfilOf = (note: { dpsId: string }): PerfilAbrasf => {
    const perfil = PERFIS_ABRASF.get(note.dpsId.slice(PREFIX.length, PREFIX.length + 7));
    if (!perfil) throw new Error(`Nota ${note.dpsId} sem perfil ABRASF`);
    return perfil;
  };
  const clientOf = (call: Pick<ProviderCall, 'credentials' | 'scenario'>, perfil: PerfilAbrasf) =>
    deps.abrasf.client({ ibge: perfil.ibge, urlDoPerfil: perfil.endpoints.producao }, call.scenario, call.credentials);
  /** The provider as the note's id and stored document name it (the document's first InscricaoMunicipal is the provider's). */
  const prestadorOf = (note: { dpsId: string; dpsXml: string | null }): AbrasfPrestador => {
    const im = xmlText(note.dpsXml ?? '', 'InscricaoMunicipal');
    return {
      documento: { CNPJ: note.dpsId.slice(PREFIX.length + 7, PREFIX.length + 21) },
      ...(im ? { inscricaoMunicipal: im } : {}),
    };
  };
  const rpsOf = (note: { serie: string; numeroDps: bigint }): IdentificacaoRps =>
    identificacaoRps({ serie: note.serie, nDPS: note.numeroDps.toString() });
  const codes = (pick: (p: PerfilAbrasf) => string) => new Set([...PERFIS_ABRASF.values()].map(pick));
  const jaConvertido = codes((p) => p.codigos.rpsJaConvertido);

  /** ConsultarNfsePorRps: the note the RPS became, as the city holds it (with its cancellation, if any). */
  async function queryRps(
    call: ProviderCall,
    perfil: PerfilAbrasf,
  ): Promise<{ recovery: ProviderRecovery; nfse?: AbrasfNfse }> {
    const answer = await callAbrasf(
      clientOf(call, perfil),
      perfil,
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage({ rps: rpsOf(call.note), prestador: prestadorOf(call.note) }),
    );
    if (answer.kind !== 'answer') {
      // Refused before reaching the service (certificate, wrong URL): it cannot be asked; anything else is an outage.
      const refused = answer.kind === 'transmission_failed' && answer.received === 'no';
      return {
        recovery: refused ? { kind: 'unknown', cause: answer.cause } : { kind: 'pending', resultado: 'indisponivel' },
      };
    }
    const read = readAbrasfAnswer(answer.xml);
    const nfse = read.notas[0];
    if (nfse)
      return {
        recovery: {
          kind: 'found',
          nfse: { chave: chaveAbrasf(nfse, perfil.ibge), numero: nfse.numero, xml: nfse.xml },
        },
        nfse,
      };
    if (read.erros.some((e) => e.codigo === perfil.codigos.rpsNaoEncontrado))
      return { recovery: { kind: 'not_found' } };
    return {
      recovery: {
        kind: 'unknown',
        cause: read.erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'resposta sem NFS-e nem mensagem',
      },
    };
  }

  const provider: NfseProvider = {
    sistema: 'abrasf',
    nome: 'o sistema ABRASF do município',
    idPrefix: PREFIX,
    serves: (ibge) => PERFIS_ABRASF.has(ibge),
    checkIssuance({ company, dps }) {
      const perfil = PERFIS_ABRASF.get(company.municipio)!;
      return abrasfServiceFields(dps, perfil).erros.map((e) => ({
        codigo: e.codigo,
        campo: e.campo,
        mensagem: e.mensagem,
        correcao: e.correcao,
      }));
    },
    buildDocument({ company, dps, signer }) {
      const perfil = PERFIS_ABRASF.get(company.municipio)!;
      const fields = abrasfServiceFields(dps, perfil);
      if (!('campos' in fields)) throw new Error('buildDocument sem checkIssuance: campos ABRASF indisponíveis');
      const rps = identificacaoRps(dps);
      const signedRps = signAbrasfXml(
        buildAbrasfRps({ dps, campos: fields.campos }),
        signer,
        'InfDeclaracaoPrestacaoServico',
        perfil,
      );
      const prestador: AbrasfPrestador = {
        documento: dps.prest.CNPJ ? { CNPJ: dps.prest.CNPJ } : { CPF: dps.prest.CPF! },
        inscricaoMunicipal: fields.campos.inscricaoMunicipal,
      };
      return {
        id: documentId(perfil.ibge, company.cnpj, rps),
        xml: documentFor(perfil, dps, prestador, signedRps, signer),
      };
    },
    async emit(call) {
      const perfil = perfilOf(call.note);
      const xml = call.note.dpsXml!;
      const operacao = OPERACAO_DO_DOCUMENTO.find(([root]) => root.test(xml))?.[1] ?? perfil.emissao;
      const answer = await callAbrasf(clientOf(call, perfil), perfil, operacao, xml);
      if (answer.kind !== 'answer') return answer;
      const read = readAbrasfAnswer(answer.xml);
      const rps = rpsOf(call.note);
      // A substitution answers with both notes: ours is the one issued for this RPS.
      const nfse =
        read.notas.find((n) => n.rps && n.rps.numero === rps.numero && n.rps.serie === rps.serie) ??
        (read.notas.length === 1 ? read.notas[0] : undefined);
      if (nfse) return authorized(nfse, perfil, read.alertas);
      return {
        kind: 'rejected',
        status: 200,
        erros: read.erros.length ? read.erros : [{ codigo: '', descricao: 'Resposta sem NFS-e nem mensagem de erro.' }],
      };
    },
    lotLimit: Math.min(...[...PERFIS_ABRASF.values()].map((p) => p.loteMaximo)),
    /**
     * Batch lines of one company in one RecepcionarLoteRpsSincrono, their signed RPS taken from their stored documents
     * and the lot signed anew. The city refuses a lot whole for one bad RPS: that RPS is rejected, the others were
     * not processed and go again alone (their job retries as after an outage).
     */
    async emitLot(calls) {
      const loteaveis = calls.filter((c) =>
        /^<(EnviarLoteRpsSincronoEnvio|GerarNfseEnvio)[\s>]/.test(c.note.dpsXml ?? ''),
      );
      if (loteaveis.length < 2) return Promise.all(calls.map((c) => provider.emit(c)));
      const perfil = perfilOf(loteaveis[0]!.note);
      const xml = signAbrasfXml(
        enviarLoteRpsSincronoMessage({
          // The lot number is the taxpayer's: the first RPS number of the lot, which was never sent alone.
          numeroLote: loteaveis[0]!.note.numeroDps.toString(),
          prestador: prestadorOf(loteaveis[0]!.note),
          rpsAssinados: loteaveis.map((c) => xmlElements(c.note.dpsXml!, 'Rps')[0]!),
        }),
        loteaveis[0]!.signer,
        'LoteRps',
        perfil,
      );
      const answer = await callAbrasf(clientOf(loteaveis[0]!, perfil), perfil, 'RecepcionarLoteRpsSincrono', xml);
      const results = new Map<ProviderCall, EmissionResult>();
      if (answer.kind !== 'answer') {
        for (const c of loteaveis) results.set(c, answer);
      } else {
        const read = readAbrasfAnswer(answer.xml);
        for (const c of loteaveis) {
          const rps = rpsOf(c.note);
          const same = (other: IdentificacaoRps | null) =>
            other !== null && other.numero === rps.numero && other.serie === rps.serie;
          const nfse = read.notas.find((n) => same(n.rps));
          const erros = read.rpsComErro.filter((e) => same(e.rps)).map((e) => e.erro);
          results.set(
            c,
            nfse
              ? authorized(nfse, perfil, read.alertas)
              : erros.length > 0 || read.rpsComErro.length === 0
                ? { kind: 'rejected', status: 200, erros: erros.length > 0 ? erros : read.erros }
                : { kind: 'unavailable', received: 'no', cause: 'lote recusado por outro RPS' },
          );
        }
      }
      for (const c of calls.filter((c) => !results.has(c))) results.set(c, await provider.emit(c));
      return calls.map((c) => results.get(c)!);
    },
    recover: async (call) => (await queryRps(call, perfilOf(call.note))).recovery,
    explain: explainAbrasf,
    alreadyIssued: (erros) => erros.some((e) => jaConvertido.has(e.codigo)),
    async cancel(call) {
      const perfil = perfilOf(call.note);
      const pedido = {
        numeroNfse: call.note.numero!,
        prestador: prestadorOf(call.note),
        codigoMunicipio: perfil.ibge,
        codigoCancelamento: CODIGO_CANCELAMENTO[call.request.codigo_motivo],
      };
      const xml = signAbrasfXml(cancelarNfseMessage(pedido), call.signer, 'InfPedidoCancelamento', perfil);
      const answer = await callAbrasf(clientOf(call, perfil), perfil, 'CancelarNfse', xml);
      if (answer.kind === 'answer') {
        const read = readAbrasfAnswer(answer.xml);
        if (read.cancelamento)
          return { kind: 'cancelled', recovered: false, record: record(read.cancelamento, call.note.numero!) };
        // Already cancelled: possibly by an earlier call of ours whose answer was lost.
        if (!read.erros.some((e) => e.codigo === perfil.codigos.nfseJaCancelada))
          return { kind: 'refused', erros: read.erros };
      }
      const { nfse } = await queryRps(call, perfil);
      const cancelamento = nfse?.cancelada ? xmlElements(nfse.xml, 'NfseCancelamento')[0] : undefined;
      if (cancelamento)
        return {
          kind: 'cancelled',
          recovered: true,
          record: record({ dataHora: xmlText(cancelamento, 'DataHora'), xml: cancelamento }, call.note.numero!),
        };
      if (answer.kind === 'answer') return { kind: 'refused', erros: readAbrasfAnswer(answer.xml).erros };
      if (answer.kind === 'transmission_failed' && answer.received === 'no' && answer.status)
        return { kind: 'refused', erros: [], status: answer.status };
      return { kind: 'unanswered' };
    },
  };
  return provider;
}

/** The document stored for a note: the operation's whole nfseDadosMsg, signed, so every resend is the same bytes. */
function documentFor(
  perfil: PerfilAbrasf,
  dps: DpsInput,
  prestador: AbrasfPrestador,
  signedRps: string,
  signer: Parameters<typeof signAbrasfXml>[1],
): string {
  if (dps.subst) {
    // The replaced note is one of this city's: its key is <IBGE>-<número>-<código de verificação>.
    const numeroNfse = dps.subst.chSubstda.split('-')[1] ?? dps.subst.chSubstda;
    const pedidoAssinado = signAbrasfXml(
      pedidoCancelamentoMessage({ numeroNfse, prestador, codigoMunicipio: perfil.ibge, codigoCancelamento: '1' }),
      signer,
      'InfPedidoCancelamento',
      perfil,
    );
    return signAbrasfXml(
      substituirNfseMessage({ numeroNfse, pedidoAssinado, rpsAssinado: signedRps }),
      signer,
      'SubstituicaoNfse',
      perfil,
    );
  }
  if (perfil.emissao === 'GerarNfse') return gerarNfseMessage(signedRps);
  // The lot number is the taxpayer's: the RPS number keeps it unique.
  return signAbrasfXml(
    enviarLoteRpsSincronoMessage({ numeroLote: dps.nDPS, prestador, rpsAssinados: [signedRps] }),
    signer,
    'LoteRps',
    perfil,
  );
}

function authorized(nfse: AbrasfNfse, perfil: PerfilAbrasf, alertas: AuthorityMessage[]): EmissionResult {
  return {
    kind: 'authorized',
    chave: chaveAbrasf(nfse, perfil.ibge),
    numero: nfse.numero,
    nfseXml: nfse.xml,
    alertas,
    dataHoraProcessamento: nfse.dataEmissao,
  };
}

/** The cancellation as the city registered it; its CodigoCancelamento is not the API's codigo_motivo, which stays the one asked. */
function record(ret: { dataHora: string | null; xml: string }, numero: string): CancellationRecord {
  const em = ret.dataHora ? new Date(ret.dataHora) : null;
  return {
    em: em && !Number.isNaN(em.getTime()) ? em.toISOString() : null,
    protocolo: { numero_nfse: numero, data_hora: ret.dataHora },
    xml: ret.xml,
  };
}

/** The city's refusal as the note shows it: its own code and message (each city publishes its own table). */
export function explainAbrasf(erros: AuthorityMessage[]): Rejeicao {
  const first = erros[0];
  return {
    codigo_oficial: first?.codigo || null,
    mensagem: first?.descricao || 'Rejeitada pelo sistema do município.',
    explicacao: first?.complemento ? `Correção indicada pelo município: ${first.complemento}` : null,
    erros: erros.map((e) => ({
      codigo: e.codigo || null,
      descricao: e.descricao || null,
      complemento: e.complemento ?? null,
    })),
  };
}
