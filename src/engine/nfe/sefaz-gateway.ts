import type { Environment } from '../auth/api-key-format.js';
import { loadLibxml2 } from '../national/libxml2.js';
import { buildConsSitNFe, buildEnviNFe } from './nfe-messages.js';
import type { SefazAuthorizer, SefazScenario } from './simulator/sefaz-authorizer.js';
import { soapEnvelope } from './soap12.js';

export interface SefazSend {
  chave: string;
  /** The signed NFe exactly as stored: a resend is byte-identical. */
  xml: string;
  environment: Environment;
  simulacao: string | null;
}

/** The state authority as the transmission sees it: SOAP 1.2 answers, or null when the answer was lost. */
export interface SefazGateway {
  authorize(send: SefazSend): Promise<string | null>;
  query(chave: string, environment: Environment): Promise<string>;
}

/** The in-process simulator (the default while no authoriser URL is configured). */
export function simulatorGateway(sim: SefazAuthorizer): SefazGateway {
  return {
    // The simulated authority validates what it receives against the schemas.
    authorize: async (send) => {
      await loadLibxml2();
      return sim.authorize(
        soapEnvelope('nfeDadosMsg', 'NFeAutorizacao4', buildEnviNFe(send.xml, send.chave.slice(25, 34))),
        (send.simulacao ?? 'autorizar') as SefazScenario,
      ).soap;
    },
    query: async (chave, environment) => {
      await loadLibxml2();
      return sim.query(soapEnvelope('nfeDadosMsg', 'NFeConsultaProtocolo4', buildConsSitNFe(chave, environment === 'live' ? '1' : '2')));
    },
  };
}
