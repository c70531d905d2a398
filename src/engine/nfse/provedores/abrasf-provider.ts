import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { abrasfServiceFields } from '../abrasf/abrasf-service-fields.js';
import { buildAbrasfDocument } from '../abrasf/build-abrasf-document.js';
import { cancelAbrasf } from '../abrasf/cancel-abrasf.js';
import { cancelEl } from '../abrasf/cancel-el.js';
import { emitAbrasf } from '../abrasf/emit-abrasf.js';
import { emitEl } from '../abrasf/emit-el.js';
import { ABRASF_LOT_LIMIT, emitAbrasfLot } from '../abrasf/emit-abrasf-lot.js';
import { explainAbrasf } from '../abrasf/explain-abrasf.js';
import { perfilOfNote } from '../abrasf/abrasf-note.js';
import { PERFIS_ABRASF, perfilAbrasfDoMunicipio } from '../abrasf/perfis-abrasf.js';
import { queryAbrasfRps } from '../abrasf/query-abrasf-rps.js';
import { recoverEl } from '../abrasf/query-el-rps.js';
import type { EmissionResult } from '../../autoridades/emission-result.js';
import { companyCredenciaisProvedor } from '../../empresas/company-credenciais-provedor.js';
import type { NfseProvider, ProviderCall } from './nfse-provider.js';
import { SISTEMA_ABRASF } from './sistema-abrasf.js';

/** The codes by which any of our families says an RPS already gave a note. */
const JA_CONVERTIDO = new Set(PERFIS_ABRASF.map((p) => p.codigos.rpsJaConvertido));

/**
 * The ABRASF 2.0x municipalities of our family profiles (src/engine/nfse/abrasf/perfis): one signed RPS per note,
 * sent as the municipality's profile says (GerarNfse or a one-RPS synchronous lot, SubstituirNfse for a substitution), recovered with
 * ConsultarNfsePorRps before any resend and cancelled with CancelarNfse. EL's own 1.00 service takes the note in an
 * asynchronous lot inside a session and is followed by protocol (emit-el.ts, query-el-rps.ts, cancel-el.ts).
 */
export function abrasfProvider(deps: TransmissionDeps & { abrasf: AbrasfGateway }): NfseProvider {
  const gateway = deps.abrasf;
  // The credentials the family asks beyond the A1 are opened per call, so a change of them applies at the next one.
  const comCredenciais = async <C extends ProviderCall>(call: C): Promise<C> =>
    perfilOfNote(call.note).credenciais
      ? { ...call, credenciaisProvedor: await companyCredenciaisProvedor(deps, call.note.companyId) }
      : call;
  const emLote = (call: ProviderCall) => perfilOfNote(call.note).emissao === 'EnviarLoteRps';
  const emitOne = (call: ProviderCall): Promise<EmissionResult> =>
    emLote(call) ? emitEl(deps, gateway, call) : emitAbrasf(gateway, call);
  return {
    ...SISTEMA_ABRASF,
    checkIssuance: ({ company, dps }) =>
      abrasfServiceFields(dps, perfilAbrasfDoMunicipio(company.municipio)!, company.padroes, {
        razaoSocial: company.razaoSocial,
        email: company.email,
      }).erros.map((e) => ({
        codigo: e.codigo,
        campo: e.campo,
        mensagem: e.mensagem,
        correcao: e.correcao,
      })),
    buildDocument: buildAbrasfDocument,
    emit: async (call) => emitOne(await comCredenciais(call)),
    lotLimit: ABRASF_LOT_LIMIT,
    emitLot: async (calls) => {
      const all = await Promise.all(calls.map(comCredenciais));
      // An asynchronous-lot family (EL 1.00) sends each note as its own lot; the others share synchronous lots.
      const sincronos = all.filter((c) => !emLote(c));
      const lote = sincronos.length ? await emitAbrasfLot(gateway, sincronos) : [];
      const results = new Map<ProviderCall, EmissionResult>(sincronos.map((c, i) => [c, lote[i]!]));
      for (const c of all.filter(emLote)) results.set(c, await emitEl(deps, gateway, c));
      return all.map((c) => results.get(c)!);
    },
    recover: async (call) =>
      emLote(call)
        ? recoverEl(gateway, call)
        : (await queryAbrasfRps(gateway, await comCredenciais(call), perfilOfNote(call.note))).recovery,
    explain: explainAbrasf,
    alreadyIssued: (erros) => erros.some((e) => JA_CONVERTIDO.has(e.codigo)),
    cancel: async (call) =>
      emLote(call) ? cancelEl(gateway, call) : cancelAbrasf(gateway, await comCredenciais(call)),
  };
}
