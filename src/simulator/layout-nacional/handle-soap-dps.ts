import { randomUUID } from 'node:crypto';
import type { AuthorityClient } from '../../engine/autoridades/authority-client.js';
import type { AuthorityMessage } from '../../engine/autoridades/authority-message.js';
import {
  emitDps,
  getEvent,
  getNfse,
  queryDps,
  registerEvent,
} from '../../engine/autoridades/nfse-nacional/emit-dps.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { EVENT_CANCELAMENTO } from '../../engine/nfse/nacional/build-event-xml.js';
import type { AtributoIdDps, SoapDps } from '../../engine/nfse/layout-nacional/perfil-layout-nacional.js';
import { soapInline } from '../../engine/nfse/layout-nacional/soap-dps-message.js';
import { escapeText, XML_DECLARATION } from '../../engine/xml/el.js';
import type { RejeicoesDps } from './rejeicoes-dps.js';

export type OperacaoSoapDps = 'emitir' | 'consultar' | 'cancelar';

/** An answer of the provider's service: HTTP status and SOAP text. */
export interface SoapDpsReply {
  status: number;
  body: string;
}

export interface SoapDpsContext {
  soap: SoapDps;
  /** The `infDPS` identifier attribute the provider's schema takes; a DPS naming it otherwise fails its schema. */
  atributoId: AtributoIdDps;
  /** The national side of the simulated provider: Sefin's contract, which validates and keeps the notes. */
  sefin: AuthorityClient;
  rejeicoes: RejeicoesDps;
  /** The scenario the national side plays for this call (X-Simulador-Cenario), if any. */
  scenario: string | null;
}

/**
 * One SOAP operation of a provider that takes the national documents inline: the DPS or event is taken out of the
 * wrapper byte for byte and given to the national side, which validates it (national XSD, signature, rules) and
 * keeps the note; the answer carries the national documents inline, a protocol (asynchronous reception) or the
 * national error codes.
 */
export async function handleSoapDps(
  ctx: SoapDpsContext,
  operacao: OperacaoSoapDps,
  body: string,
): Promise<SoapDpsReply> {
  const { soap } = ctx;
  const elemento = soap[operacao].elemento;
  const call = { scenario: ctx.scenario ?? undefined };
  if (operacao === 'emitir') {
    const dps = extractElement(body, 'DPS');
    if (!dps) return reply(soap, elemento, erros([{ codigo: 'E1235', descricao: 'DPS ausente no envelope.' }]));
    const idDps = new RegExp(`<infDPS[^>]*\\s${ctx.atributoId}="([^"]*)"`).exec(dps)?.[1];
    if (!idDps) {
      const descricao = `infDPS sem o atributo ${ctx.atributoId} que o esquema do provedor exige.`;
      return reply(soap, elemento, erros([{ codigo: 'E1235', descricao }]));
    }
    const result = await emitDps(ctx.sefin, { ...call, dpsXml: `${XML_DECLARATION}${dps}` });
    const failure = deliveryReply(result);
    if (failure) return failure;
    if (soap.assincrono) {
      if (result.kind === 'rejected') ctx.rejeicoes.add(idDps, result.erros);
      return reply(soap, elemento, `<protocolo>${randomUUID()}</protocolo>`);
    }
    if (result.kind === 'authorized') return reply(soap, elemento, soapInline(result.nfseXml));
    return reply(soap, elemento, erros(result.kind === 'rejected' ? result.erros : []));
  }
  if (operacao === 'consultar') {
    const idDps = /<(?:[\w.-]+:)?idDps>([^<]*)</.exec(body)?.[1] ?? '';
    const found = await queryDps(ctx.sefin, { ...call, idDps });
    if (found.kind === 'unknown') return { status: found.status ?? 503, body: 'Service Unavailable' };
    if (found.kind === 'not_found') {
      const rejeitada = ctx.rejeicoes.of(idDps);
      return reply(
        soap,
        elemento,
        erros(rejeitada ?? [{ codigo: soap.codigoDpsNaoEncontrada, descricao: 'DPS não encontrada.' }]),
      );
    }
    const chave = found.chave ?? '';
    const nfse = await getNfse(ctx.sefin, { ...call, chave });
    if (nfse.kind !== 'found') return { status: 503, body: 'Service Unavailable' };
    const evento = await getEvent(ctx.sefin, { ...call, chave, tipoEvento: EVENT_CANCELAMENTO, nSeqEvento: 1 });
    const eventoXml = evento.kind === 'found' ? soapInline(evento.eventos[0]!.xml) : '';
    return reply(soap, elemento, `${soapInline(nfse.nfseXml)}${eventoXml}`);
  }
  const pedido = extractElement(body, 'pedRegEvento');
  const chave = pedido ? (/<chNFSe>(\d+)<\/chNFSe>/.exec(pedido)?.[1] ?? '') : '';
  if (!pedido || !chave)
    return reply(soap, elemento, erros([{ codigo: 'E1235', descricao: 'pedRegEvento ausente no envelope.' }]));
  const result = await registerEvent(ctx.sefin, { ...call, chave, eventXml: `${XML_DECLARATION}${pedido}` });
  if (result.kind === 'registered') return reply(soap, elemento, soapInline(result.eventoXml));
  return deliveryReply(result) ?? reply(soap, elemento, erros(result.kind === 'rejected' ? result.erros : []));
}

/** The national side's outage or refusal at the door, as the provider's HTTP answer; null when it answered. */
function deliveryReply(result: { kind: string; status?: number }): SoapDpsReply | null {
  if (result.kind === 'timeout') return { status: 504, body: 'Gateway Timeout' };
  if (result.kind === 'unavailable' || result.kind === 'transmission_failed')
    return { status: result.status ?? 503, body: 'Service Unavailable' };
  return null;
}

function erros(list: AuthorityMessage[]): string {
  const itens = list.map(
    (e) => `<erro><codigo>${escapeText(e.codigo)}</codigo><descricao>${escapeText(e.descricao)}</descricao></erro>`,
  );
  return `<erros>${itens.join('')}</erros>`;
}

function reply(soap: SoapDps, elemento: string, conteudo: string): SoapDpsReply {
  const p = soap.prefixo ? `${soap.prefixo}:` : '';
  const ns = soap.prefixo ? `xmlns:${soap.prefixo}="${soap.namespace}"` : `xmlns="${soap.namespace}"`;
  return {
    status: 200,
    body:
      `${XML_DECLARATION}<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
      `<${p}${elemento}Resposta ${ns}>${conteudo}</${p}${elemento}Resposta></soap:Body></soap:Envelope>`,
  };
}
