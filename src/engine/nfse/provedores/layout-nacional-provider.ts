import type { LayoutNacionalGateway } from '../../autoridades/layout-nacional/layout-nacional-gateway.js';
import { provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { signXml } from '../../xml/sign-xml.js';
import { dpsComAtributoId } from '../layout-nacional/dps-com-atributo-id.js';
import { clientOfNote, documentIdOfNote, idDpsOfNote, perfilOfNote } from '../layout-nacional/layout-nacional-note.js';
import { perfilLayoutNacional } from '../layout-nacional/perfis-layout-nacional.js';
import { loteDpsOperations } from '../layout-nacional/lote-dps-operations.js';
import { soapDpsOperations } from '../layout-nacional/soap-dps-operations.js';
import { buildDpsId, buildDpsXml } from '../nacional/build-dps-xml.js';
import { explainRejection } from '../transmissao/explain-rejection.js';
import type { NfseProvider, ProviderCall } from './nfse-provider.js';
import { sefinOperations } from './sefin-operations.js';
import { SISTEMA_LAYOUT_NACIONAL } from './sistema-layout-nacional.js';

/**
 * The providers that take the national DPS on their own web service: the DPS is the national one, built and signed
 * as for Sefin Nacional; the transport is the profile's (SOAP with the documents inline, Sefin's REST contract at
 * the profile's paths on the provider's URL, or REST lots of one document). The note's document id is the DPS Id behind this system's prefix.
 */
export function layoutNacionalProvider(
  deps: TransmissionDeps & { layoutNacional: LayoutNacionalGateway },
): NfseProvider {
  const gateway = deps.layoutNacional;
  const soap = soapDpsOperations(deps, gateway);
  const lote = loteDpsOperations(deps, gateway);
  const rest = sefinOperations(
    deps,
    (call) => clientOfNote(gateway, call),
    (dpsId) => idDpsOfNote({ dpsId }),
    (call) => perfilOfNote(call.note).rest!.caminhos,
  );
  const transport = (call: Pick<ProviderCall, 'note'>) => {
    const perfil = perfilOfNote(call.note);
    return perfil.soap ? soap : perfil.lote ? lote : rest;
  };
  return {
    ...SISTEMA_LAYOUT_NACIONAL,
    checkIssuance: () => [],
    buildDocument: ({ company, dps, signer }) => {
      const perfil = perfilLayoutNacional(provedorMunicipio(company.municipio)?.nome ?? null);
      if (!perfil) throw new Error(`Município ${company.municipio} sem perfil de provedor do layout nacional`);
      const idDps = buildDpsId({ cLocEmi: dps.cLocEmi, CNPJ: company.cnpj, serie: dps.serie, nDPS: dps.nDPS });
      return {
        id: documentIdOfNote(idDps),
        xml: signXml(dpsComAtributoId(buildDpsXml(dps), perfil.atributoId), signer, {
          element: 'infDPS',
          idAttribute: perfil.atributoId,
        }),
        dados: { perfil: perfil.nome, ibge: company.municipio },
      };
    },
    emit: (call) => transport(call).emit(call),
    recover: (call) => transport(call).recover(call),
    cancel: (call) => transport(call).cancel(call),
    explain: explainRejection,
    // E0014: this DPS already produced a note (the providers answer with the national codes).
    alreadyIssued: (erros) => erros.some((e) => e.codigo === 'E0014'),
  };
}
