import { Decimal } from 'decimal.js';
import type { EmissionResult } from '../../autoridades/emission-result.js';
import type { SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { dadosSaoPaulo } from './dados-sao-paulo.js';
import { emitSaoPaulo, saoPauloEmissions } from './emit-sao-paulo.js';
import { pedidoEnvioLote } from './pedido-xml.js';
import type { LayoutSaoPaulo } from './signature-string.js';

/** EnvioLoteRPS takes at most 50 RPS. */
export const SAO_PAULO_LOT_LIMIT = 50;

/** The signed RPS of a stored EnvioRPS request: a lot carries each RPS exactly as it was signed. */
const signedRps = (dpsXml: string) => /<RPS xmlns="">[\s\S]*<\/RPS>/.exec(dpsXml)![0];

/** EnvioLoteRPS of RPS of one company and one layout (at most 50: the caller keeps within lotLimit). */
async function sendLot(gateway: SaoPauloGateway, calls: ProviderCall[], layout: LayoutSaoPaulo) {
  const first = calls[0]!;
  const datas = calls.map((c) => dadosSaoPaulo(c.note).dataEmissao).sort();
  const total = calls.reduce((sum, c) => sum.plus(c.note.valor.toString()), new Decimal(0));
  const pedido = signEnvelopedDocument(
    pedidoEnvioLote(layout, dadosSaoPaulo(first.note).cnpjRemetente, {
      dtInicio: datas[0]!,
      dtFim: datas[datas.length - 1]!,
      valorServicos: total.toFixed(2),
      rpsXml: calls.map((c) => signedRps(c.note.dpsXml!)),
    }),
    first.signer,
  );
  const answer = await gateway.call('EnvioLoteRPS', layout, pedido, first.credentials, first.scenario);
  return saoPauloEmissions(gateway, calls, layout, answer);
}

/** Batch notes of one company: one lot per layout, since a lot's header says its layout for every RPS in it. */
export async function emitSaoPauloLot(gateway: SaoPauloGateway, calls: ProviderCall[]): Promise<EmissionResult[]> {
  const results = new Map<ProviderCall, EmissionResult>();
  for (const layout of [1, 2] as const) {
    const group = calls.filter((c) => dadosSaoPaulo(c.note).leiaute === layout);
    if (group.length === 0) continue;
    const answers =
      group.length === 1 ? [await emitSaoPaulo(gateway, group[0]!)] : await sendLot(gateway, group, layout);
    group.forEach((c, i) => results.set(c, answers[i]!));
  }
  return calls.map((c) => results.get(c)!);
}
