import { type EmissionResult } from '../../autoridades/emission-result.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import { Decimal } from 'decimal.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';
import type { ErrorItem } from '../../errors.js';
import {
  SAO_PAULO_IBGE,
  type SaoPauloAnswer,
  type SaoPauloGateway,
} from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import { buildRpsInput } from '../sao-paulo/build-rps-input.js';
import { buildRpsXml, signAscii } from '../sao-paulo/build-rps-xml.js';
import { explainSaoPauloRejection } from '../sao-paulo/explain-sao-paulo-rejection.js';
import {
  pedidoCancelamento,
  pedidoConsultaNfe,
  pedidoEnvioLote,
  pedidoEnvioRps,
  type ChaveNfe,
  type ChaveRps,
} from '../sao-paulo/pedido-xml.js';
import { chaveSaoPaulo, readRetorno, type EventoSaoPaulo, type NfeSaoPaulo } from '../sao-paulo/read-retorno.js';
import { cancellationSignatureString, type LayoutSaoPaulo } from '../sao-paulo/signature-string.js';
import type { AuthorizedNfse } from '../transmissao/authorize-held-notes.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { DpsInput } from '../nacional/dps-input.js';
import type { NfseRequest } from '../validacao/nfse-request.js';
import { updateNote } from '../update-note.js';
import type { NfseProvider, ProviderCall, ProviderDocumentInput } from './nfse-provider.js';
import { readJsonColumn } from '../../nucleo/json-column.js';

const ID_PREFIX = 'SP-';
/** EnvioLoteRPS takes at most 50 RPS. */
export const SAO_PAULO_LOT_LIMIT = 50;

/** The RPS a document id names: `SP-<CCM>-<série>-<número>`. */
function chaveRpsOf(dpsId: string): ChaveRps {
  const [ccm, serie, numero] = dpsId.slice(ID_PREFIX.length).split('-');
  return { inscricaoPrestador: ccm!, serie: serie!, numero: numero! };
}

/** The layout of a stored request (`Cabecalho/@Versao`). */
const layoutOf = (xml: string): LayoutSaoPaulo => (/<Cabecalho xmlns="" Versao="2"/.test(xml) ? 2 : 1);
/** The CCM as each layout writes it: 8 digits in layout 1, as registered (up to 12) in layout 2. */
const ccmIn = (layout: LayoutSaoPaulo, ccm: string) =>
  layout === 1 ? ccm.padStart(8, '0') : ccm.replace(/^0+(?=\d)/, '');

const messages = (eventos: EventoSaoPaulo[]): AuthorityMessage[] =>
  eventos.map((e) => ({ codigo: e.codigo, descricao: e.descricao }));

function codigoServico(company: Pick<CompanyWithCertificate, 'padroes'>, request: NfseRequest): string | null {
  const pedido = (request.servico?.codigo_municipal ?? '').replace(/\D/g, '');
  const padrao = (company.padroes as Record<string, unknown> | null)?.codigo_municipal;
  return pedido || (typeof padrao === 'string' ? padrao : null);
}

const ccmOf = (input: Pick<ProviderDocumentInput, 'company' | 'dps'>) =>
  (input.dps.prest.IM ?? input.company.inscricaoMunicipal ?? '').replace(/\D/g, '');

/** The authorised note of a query answer: the national key when the city shares it, else CCM, number and check code. */
function authorizedOf(nfe: NfeSaoPaulo): AuthorizedNfse {
  return { chave: chaveSaoPaulo(nfe), numero: nfe.chaveNfe.numero, xml: nfe.xml };
}

/** Transport outcomes shared by every operation; null when the city answered with a readable document. */
function failureOf(answer: SaoPauloAnswer): Exclude<EmissionResult, { kind: 'authorized' | 'rejected' }> | null {
  switch (answer.kind) {
    case 'timeout':
      return { kind: 'timeout' };
    case 'unavailable':
      return { kind: 'unavailable', received: answer.received, cause: answer.cause };
    case 'http_error':
      // 500/504 reached the application, which may have processed it; 502/503 did not; 4xx (426: TLS < 1.2) refused it.
      if (answer.status >= 500)
        return {
          kind: 'unavailable',
          status: answer.status,
          received: answer.status === 500 || answer.status === 504 ? 'unknown' : 'no',
          cause: `HTTP ${answer.status}`,
        };
      return {
        kind: 'transmission_failed',
        status: answer.status,
        received: 'no',
        cause: `HTTP ${answer.status}`,
        erros: [],
      };
    case 'answer':
      return null;
  }
}

/**
 * São Paulo's NFS-e Paulistana (LoteNFe web service): one RPS per note, sent with EnvioRPS or, for batch lines,
 * EnvioLoteRPS; recovery queries the RPS (ConsultaNFe) before any resend, so one RPS never gives two notes.
 */
export function saoPauloProvider(deps: TransmissionDeps, gateway: SaoPauloGateway): NfseProvider {
  const settings = gateway.settings;

  /** ConsultaNFe of the notes an answer named, to keep each note's document. */
  async function fetchNotes(
    call: ProviderCall,
    layout: LayoutSaoPaulo,
    chaves: ChaveNfe[],
  ): Promise<Map<string, NfeSaoPaulo> | null> {
    const pedido = signEnvelopedDocument(
      pedidoConsultaNfe(
        layout,
        cnpjOf(call),
        chaves.map((nfe) => ({ nfe })),
      ),
      call.signer,
    );
    const answer = await gateway.call('ConsultaNFe', layout, pedido, call.credentials, call.scenario);
    const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
    if (!retorno?.sucesso) return null;
    return new Map(retorno.nfes.map((n) => [n.chaveNfe.numero, n]));
  }

  function cnpjOf(call: ProviderCall): string {
    return /<CPFCNPJRemetente><CNPJ>([^<]+)<\/CNPJ>/.exec(call.note.dpsXml ?? '')?.[1] ?? '';
  }

  async function emissionsOf(
    calls: ProviderCall[],
    layout: LayoutSaoPaulo,
    answer: SaoPauloAnswer,
  ): Promise<EmissionResult[]> {
    const failure = failureOf(answer);
    if (failure) return calls.map(() => failure);
    const retorno = readRetorno((answer as { retornoXml: string }).retornoXml);
    if (!retorno)
      return calls.map(() => ({
        kind: 'transmission_failed',
        received: 'unknown',
        cause: 'resposta ilegível da prefeitura',
        erros: [],
      }));
    const chaves = retorno.chaves;
    const notes = chaves.length
      ? await fetchNotes(
          calls[0]!,
          layout,
          chaves.map((c) => c.nfe),
        )
      : new Map<string, NfeSaoPaulo>();
    return calls.map((call) => {
      const rps = chaveRpsOf(call.note.dpsId);
      const mine = (k: ChaveRps | null | undefined) => k && k.numero === rps.numero && k.serie === rps.serie;
      const chave = chaves.find((c) => mine(c.rps)) ?? (calls.length === 1 ? chaves[0] : undefined);
      const alertas = messages(retorno.alertas.filter((a) => !a.chaveRps || mine(a.chaveRps)));
      if (chave) {
        const nfe = notes?.get(chave.nfe.numero);
        // The note exists; its document could not be read now: recovery reads it (never a resend).
        if (!nfe)
          return {
            kind: 'transmission_failed',
            received: 'unknown',
            cause: 'NFS-e gerada, documento não obtido',
            erros: [],
          };
        const authorized = authorizedOf(nfe);
        return {
          kind: 'authorized',
          chave: authorized.chave,
          numero: authorized.numero,
          nfseXml: authorized.xml,
          alertas,
        };
      }
      const erros = retorno.erros.filter((e) => !e.chaveRps || mine(e.chaveRps));
      if (erros.length) return { kind: 'rejected', status: 200, erros: messages(erros) };
      return {
        kind: 'transmission_failed',
        received: 'unknown',
        cause: 'a prefeitura não informou o resultado deste RPS',
        erros: [],
      };
    });
  }

  /** EnvioLoteRPS of RPS of one company and one layout (at most 50: the caller keeps within lotLimit). */
  async function sendLot(calls: ProviderCall[], layout: LayoutSaoPaulo): Promise<EmissionResult[]> {
    const rpsXml = calls.map((c) => /<RPS xmlns="">[\s\S]*<\/RPS>/.exec(c.note.dpsXml!)![0]);
    const datas = calls.map((c) => /<DataEmissao>([^<]+)<\/DataEmissao>/.exec(c.note.dpsXml!)![1]!).sort();
    const total = calls.reduce((sum, c) => sum.plus(c.note.valor.toString()), new Decimal(0));
    const pedido = signEnvelopedDocument(
      pedidoEnvioLote(layout, cnpjOf(calls[0]!), {
        dtInicio: datas[0]!,
        dtFim: datas[datas.length - 1]!,
        valorServicos: total.toFixed(2),
        rpsXml,
      }),
      calls[0]!.signer,
    );
    const answer = await gateway.call('EnvioLoteRPS', layout, pedido, calls[0]!.credentials, calls[0]!.scenario);
    return emissionsOf(calls, layout, answer);
  }

  const provider: NfseProvider = {
    sistema: 'sao_paulo',
    nome: 'a Prefeitura de São Paulo',
    idPrefix: ID_PREFIX,
    lotLimit: SAO_PAULO_LOT_LIMIT,
    serves: (ibge) => ibge === SAO_PAULO_IBGE,

    checkIssuance(input) {
      const erros: ErrorItem[] = [];
      const ccm = ccmOf(input);
      if (!ccm) {
        erros.push({
          codigo: 'inscricao_municipal_obrigatoria',
          campo: '/prestador/inscricao_municipal',
          mensagem:
            'A Prefeitura de São Paulo identifica o prestador pela inscrição municipal (CCM), que a empresa não tem cadastrada.',
          correcao:
            'Cadastre inscricao_municipal na empresa (PATCH /v1/companies/{id}) ou envie prestador.inscricao_municipal.',
        });
      } else if (ccm.length > 12) {
        erros.push({
          codigo: 'inscricao_municipal_invalida',
          campo: '/prestador/inscricao_municipal',
          mensagem: `A inscrição municipal ${ccm} tem mais de 12 dígitos.`,
          correcao: 'Informe o CCM de São Paulo, com até 12 dígitos.',
        });
      }
      if (!codigoServico(input.company, input.request)) {
        erros.push({
          codigo: 'codigo_municipal_obrigatorio',
          campo: '/servico/codigo_municipal',
          mensagem:
            'A Prefeitura de São Paulo exige o código de serviço municipal (lista de serviços da NFS-e Paulistana).',
          correcao: 'Envie servico.codigo_municipal (4 ou 5 dígitos) ou cadastre padroes.codigo_municipal na empresa.',
        });
      }
      if (ccm && codigoServico(input.company, input.request)) {
        const rps = buildRpsInput({
          dps: input.dps,
          company: input.company,
          codigoServico: codigoServico(input.company, input.request)!,
          settings,
        });
        if (rps.layout === 1 && ccm.replace(/^0+/, '').length > 8) {
          erros.push({
            codigo: 'inscricao_municipal_invalida',
            campo: '/prestador/inscricao_municipal',
            mensagem: `O leiaute 1 da prefeitura aceita CCM de 8 dígitos; ${ccm} tem mais.`,
            correcao: 'Confira o CCM da empresa.',
          });
        }
        if (rps.layout === 2 && !rps.nbs) {
          erros.push({
            codigo: 'nbs_obrigatoria',
            campo: '/servico/nbs',
            mensagem: 'O leiaute 2 da Prefeitura de São Paulo (IBS/CBS) exige o código NBS do serviço.',
            correcao: 'Envie servico.nbs (9 dígitos) ou cadastre padroes.nbs na empresa.',
          });
        }
      }
      return erros;
    },

    buildDocument(input) {
      const rps = buildRpsInput({
        dps: input.dps,
        company: { ...input.company, inscricaoMunicipal: ccmOf(input) },
        codigoServico: codigoServico(input.company, input.request)!,
        settings,
      });
      const xml = signEnvelopedDocument(
        pedidoEnvioRps(rps.layout, input.company.cnpj, buildRpsXml(rps, input.signer)),
        input.signer,
      );
      return { id: `${ID_PREFIX}${ccmOf(input).replace(/^0+(?=\d)/, '')}-${rps.serie}-${rps.numero}`, xml };
    },

    async emit(call) {
      const layout = layoutOf(call.note.dpsXml!);
      const answer = await gateway.call('EnvioRPS', layout, call.note.dpsXml!, call.credentials, call.scenario);
      return (await emissionsOf([call], layout, answer))[0]!;
    },

    async emitLot(calls) {
      // One lot per layout: a lot's header says its layout for every RPS in it.
      const results = new Map<ProviderCall, EmissionResult>();
      for (const layout of [1, 2] as const) {
        const group = calls.filter((c) => layoutOf(c.note.dpsXml!) === layout);
        if (group.length === 0) continue;
        const answers = group.length === 1 ? [await provider.emit(group[0]!)] : await sendLot(group, layout);
        group.forEach((c, i) => results.set(c, answers[i]!));
      }
      return calls.map((c) => results.get(c)!);
    },

    async recover(call) {
      const layout = layoutOf(call.note.dpsXml!);
      const rps = chaveRpsOf(call.note.dpsId);
      const pedido = signEnvelopedDocument(
        pedidoConsultaNfe(layout, cnpjOf(call), [
          { rps: { ...rps, inscricaoPrestador: ccmIn(layout, rps.inscricaoPrestador) } },
        ]),
        call.signer,
      );
      const answer = await gateway.call('ConsultaNFe', layout, pedido, call.credentials, call.scenario);
      const failure = failureOf(answer);
      if (failure)
        return failure.kind === 'transmission_failed'
          ? { kind: 'unknown', cause: failure.cause }
          : { kind: 'pending', resultado: 'indisponivel' };
      const retorno = readRetorno((answer as { retornoXml: string }).retornoXml);
      if (!retorno) return { kind: 'pending', resultado: 'resposta_ilegivel' };
      if (!retorno.sucesso)
        return {
          kind: 'unknown',
          cause: retorno.erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'consulta recusada',
        };
      const nfe = retorno.nfes[0];
      return nfe ? { kind: 'found', nfse: authorizedOf(nfe) } : { kind: 'not_found' };
    },

    explain: explainSaoPauloRejection,
    // São Paulo answers a resent RPS with the note it already gave; no code says "already issued".
    alreadyIssued: () => false,

    /**
     * The city names the other layout for this fact (631/632: layout 2 from a date; 639/641: layout 1 until a date
     * or for the Simples Nacional): the same RPS, which the refusal left unconverted, goes again in that layout,
     * once. The cut-off dates are not published, so the settings may be behind the city's.
     */
    async correct(note, erros, step, codigo) {
      const codes = erros.map((e) => e.codigo);
      const target: LayoutSaoPaulo | null = codes.some((c) => c === '631' || c === '632')
        ? 2
        : codes.some((c) => c === '639' || c === '641')
          ? 1
          : null;
      if (!target || !note.dps || !note.dpsXml || layoutOf(note.dpsXml) === target) return null;
      const company = await deps.db.company.findUniqueOrThrow({
        where: { id: note.companyId },
        include: { certificate: true },
      });
      const { signer } = await companyCredentials(deps, company.id, company.certificate);
      const codigoServico = /<CodigoServico>(\d+)<\/CodigoServico>/.exec(note.dpsXml)![1]!;
      const rps = buildRpsInput({
        dps: readJsonColumn<DpsInput>(note.dps),
        company: { ...company, inscricaoMunicipal: chaveRpsOf(note.dpsId).inscricaoPrestador },
        codigoServico,
        settings,
        layout: target,
      });
      if (target === 2 && !rps.nbs) return null;
      const dpsXml = signEnvelopedDocument(pedidoEnvioRps(target, company.cnpj, buildRpsXml(rps, signer)), signer);
      return updateNote(deps, note.id, {
        expectStatus: 'transmitindo',
        where: { dpsXml: note.dpsXml },
        data: { dpsXml },
        timeline: [
          { tipo: step, detalhe: { resultado: 'rejeitada', codigo_oficial: codigo } },
          { tipo: 'correcao_automatica', detalhe: { codigos: [codigo], leiaute: target } },
        ],
      });
    },

    async cancel(call) {
      const layout = layoutOf(call.note.dpsXml!);
      const ccm = ccmIn(layout, chaveRpsOf(call.note.dpsId).inscricaoPrestador);
      const nfe: ChaveNfe = { inscricaoPrestador: ccm, numero: call.note.numero! };
      const assinatura = signAscii(
        cancellationSignatureString(
          ccm.replace(/^0+(?=\d)/, ''),
          nfe.numero,
          layout === 2 ? settings.larguraCcmCancelamento : 8,
        ),
        call.signer,
      );
      const pedido = signEnvelopedDocument(pedidoCancelamento(layout, cnpjOf(call), nfe, assinatura), call.signer);
      const answer = await gateway.call('CancelamentoNFe', layout, pedido, call.credentials, call.scenario);
      const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
      const record = (xml: string, recovered: boolean) => ({
        kind: 'cancelled' as const,
        recovered,
        record: { em: call.now.toISOString(), protocolo: { inscricao_prestador: ccm, numero_nfse: nfe.numero }, xml },
      });
      if (retorno?.sucesso) return record((answer as { retornoXml: string }).retornoXml, false);
      if (retorno) return { kind: 'refused', erros: messages(retorno.erros) };
      // No readable answer: did the cancellation arrive? The note's status at the city says.
      const notes = await fetchNotes(call, layout, [nfe]);
      const current = notes?.get(nfe.numero);
      if (current?.status === 'C') return record(current.xml, true);
      const failure = failureOf(answer);
      if (failure?.kind === 'transmission_failed') return { kind: 'refused', erros: [], status: failure.status };
      return { kind: 'unanswered' };
    },
  };
  return provider;
}
