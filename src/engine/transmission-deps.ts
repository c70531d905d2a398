import type { EngineDeps } from './engine-deps.js';
import type { SefazGateway } from './autoridades/sefaz/sefaz-gateway.js';
import type { NationalGateway } from './autoridades/nfse-nacional/national-gateway.js';
import type { FirstAttempts } from './fila/first-attempts.js';
import type { CadastroGateways } from './autoridades/cadastros/cadastro-gateways.js';
import type { AbrasfGateway } from './autoridades/abrasf/abrasf-gateway.js';
import type { LayoutNacionalGateway } from './autoridades/layout-nacional/layout-nacional-gateway.js';
import type { Abrasf1Gateway } from './autoridades/abrasf-1/abrasf-1-gateway.js';
import type { SaoPauloGateway } from './autoridades/sao-paulo/sao-paulo-gateway.js';

export interface TransmissionDeps extends EngineDeps {
  national: NationalGateway;
  /** The NF-e authorities (the in-process SEFAZ simulator while none is configured). */
  sefaz: SefazGateway;
  /** The public registries that fill in an NF-e recipient (CNPJ, CEP, the SEFAZ's consultaCadastro), cached. */
  cadastros: CadastroGateways;
  /** The ABRASF 2.04 cities' services (the in-process ABRASF simulator where none is configured). */
  abrasf?: AbrasfGateway;
  /** The services of the providers that take the national DPS (the in-process simulator where none is configured). */
  layoutNacional?: LayoutNacionalGateway;
  /** The ABRASF 1.00 families' services (the in-process ABRASF 1.00 simulator where none is configured). */
  abrasf1?: Abrasf1Gateway;
  /** São Paulo's own system (NFS-e Paulistana; the in-process simulator while no URL is configured). */
  saoPaulo?: SaoPauloGateway;
  /** Where a request's first attempt is registered, so a stopping process can wait for it or release its job. */
  firstAttempts?: FirstAttempts;
}
