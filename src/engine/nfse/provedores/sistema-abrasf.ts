import { missingProviderEmail } from '../abrasf/missing-provider-email.js';
import { perfilAbrasf } from '../abrasf/perfis-abrasf.js';
import { provedorMunicipio, todosProvedoresMunicipio } from '../../tabelas/provedor-municipio.js';
import { lazy } from '../../tabelas/read-csv-records.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'o sistema ABRASF do município';

/** The municipalities whose profile offers the query of received notes (ConsultarNfseServicoTomado). */
const comCaptura = lazy(() =>
  todosProvedoresMunicipio()
    .filter((p) => perfilAbrasf(p)?.operacoes.includes('ConsultarNfseServicoTomado'))
    .map((p) => p.ibge),
);

/**
 * The municipalities the provider table routes to ABRASF 2.00–2.04 whose family and version one of our profiles
 * describes (src/engine/nfse/abrasf/perfis).
 */
export const SISTEMA_ABRASF: NfseSistema = {
  sistema: 'abrasf',
  nome: NOME,
  idPrefix: 'RPS',
  serves: (provedor) => perfilAbrasf(provedor) !== null,
  // What a city asks beyond the national fields is checked per note (checkIssuance), from the city's profile;
  // what no note can supply is announced here: EL's own RPS carries the company's e-mail in every note.
  readinessItems(company) {
    const provedor = provedorMunicipio(company.municipio);
    const perfil = provedor ? perfilAbrasf(provedor) : null;
    if (perfil?.modeloRps !== 'el' || company.email) return [];
    return [{ item: 'email_empresa', situacao: 'bloqueio', ...missingProviderEmail(perfil) }];
  },
  captura: {
    fonte: 'PREFEITURA_ABRASF',
    get municipios() {
      return comCaptura();
    },
  },
  failureAdvice: ownSystemFailureAdvice(NOME),
};
