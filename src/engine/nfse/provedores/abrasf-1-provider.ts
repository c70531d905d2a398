import type { Abrasf1Gateway } from '../../autoridades/abrasf-1/abrasf-1-gateway.js';
import { provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { abrasf1Fields, buildAbrasf1Document } from '../abrasf/v1/build-abrasf-1-document.js';
import { cancelAbrasf1 } from '../abrasf/v1/cancel-abrasf-1.js';
import { emitAbrasf1 } from '../abrasf/v1/emit-abrasf-1.js';
import type { PerfilAbrasf1 } from '../abrasf/v1/perfil-abrasf-1.js';
import { PERFIS_ABRASF_1, perfilAbrasf1 } from '../abrasf/v1/perfis-abrasf-1.js';
import { recoverAbrasf1 } from '../abrasf/v1/recover-abrasf-1.js';
import { explainAbrasf } from '../abrasf/explain-abrasf.js';
import type { NfseProvider } from './nfse-provider.js';
import { SISTEMA_ABRASF_1 } from './sistema-abrasf-1.js';

/** The codes by which any 1.00 family says an RPS was already informed. */
const JA_INFORMADO = new Set([...PERFIS_ABRASF_1.values()].map((p) => p.codigos.rpsJaInformado));

function perfilOf(ibge: string): PerfilAbrasf1 {
  const provedor = provedorMunicipio(ibge);
  const perfil = provedor ? perfilAbrasf1(provedor) : null;
  if (!perfil) throw new Error(`Município ${ibge} sem perfil ABRASF 1.00`);
  return perfil;
}

/**
 * The ABRASF 1.00 families (src/engine/nfse/abrasf/v1/perfis): one signed RPS per asynchronous lot
 * (RecepcionarLoteRps), followed by its protocol with ConsultarSituacaoLoteRps / ConsultarLoteRps through the job
 * queue, recovered with ConsultarNfsePorRps before any resend, cancelled with CancelarNfse.
 */
export function abrasf1Provider(deps: TransmissionDeps & { abrasf1: Abrasf1Gateway }): NfseProvider {
  const gateway = deps.abrasf1;
  return {
    ...SISTEMA_ABRASF_1,
    checkIssuance: ({ company, dps }) => {
      const fields = abrasf1Fields({ dps }, perfilOf(company.municipio));
      return 'campos' in fields ? [] : fields.erros;
    },
    buildDocument: (input) => buildAbrasf1Document(input, perfilOf(input.company.municipio)),
    emit: (call) => emitAbrasf1(deps, gateway, call),
    recover: (call) => recoverAbrasf1(gateway, call),
    explain: explainAbrasf,
    alreadyIssued: (erros) => erros.some((e) => JA_INFORMADO.has(e.codigo)),
    cancel: (call) => cancelAbrasf1(gateway, call),
  };
}
