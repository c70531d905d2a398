import { type Credentials } from '../endpoint.js';
import type { Environment } from '../../nucleo/environment.js';

/** An address as the public registries give it, the municipality as its IBGE code (null when they name none). */
export interface EnderecoCadastro {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  /** IBGE code, seven digits. */
  municipio: string | null;
  cep: string | null;
}

/** A company of the federal tax registry (CNPJ). */
export interface CadastroCnpj {
  cnpj: string;
  razaoSocial: string;
  /** "ATIVA", "BAIXADA", … as the registry writes it. */
  situacao: string | null;
  endereco: EnderecoCadastro;
}

/** A postal code. */
export interface CadastroCep {
  cep: string;
  logradouro: string | null;
  complemento: string | null;
  bairro: string | null;
  /** IBGE code, seven digits. */
  municipio: string;
}

/** The state registration of a taxpayer in one UF, as the SEFAZ's consultaCadastro answers it. */
export type ContribuinteUf =
  | { situacao: 'habilitado'; inscricaoEstadual: string }
  | { situacao: 'isento' }
  /** Registered but not enabled (cSit 0), or not registered as a contributor in the UF (cStat 259/264). */
  | { situacao: 'nao_contribuinte'; cStat: string };

/** The registry could not be asked (network, timeout, 5xx, rate limit): nothing is known, try later. */
export class CadastroIndisponivel extends Error {}

/** The federal CNPJ registry: null when it does not know the CNPJ; CadastroIndisponivel when it cannot be asked. */
export interface ConsultaCnpjGateway {
  consultar(cnpj: string): Promise<CadastroCnpj | null>;
}

/** The postal code directory: null when the CEP does not exist; CadastroIndisponivel when it cannot be asked. */
export interface ConsultaCepGateway {
  consultar(cep: string): Promise<CadastroCep | null>;
}

/** Who asks the SEFAZ and about whom: the issuer's A1 opens the mutual TLS of the recipient UF's service. */
export interface ConsultaContribuinteAlvo {
  environment: Environment;
  /** UF of the recipient, whose authority is asked. */
  uf: string;
  documento: string;
  tipo: 'cpf' | 'cnpj';
  credentials: Credentials;
}

/** consultaCadastro of the recipient's UF; CadastroIndisponivel when the service cannot be asked or the UF offers none. */
export interface ConsultaContribuinteGateway {
  consultar(alvo: ConsultaContribuinteAlvo): Promise<ContribuinteUf>;
}

/** The three lookups that fill in an NF-e recipient, injected into the engine by the composition root. */
export interface CadastroGateways {
  cnpj: ConsultaCnpjGateway;
  cep: ConsultaCepGateway;
  contribuinte: ConsultaContribuinteGateway;
}
