import type { ParametrosMunicipio } from '../../tabelas/index.js';

export type RegimeTributario = 'simples_nacional' | 'mei' | 'lucro_presumido' | 'lucro_real';

/**
 * Simples Nacional assessment of ISSQN (DPS regApTribSN): 1 = by the Simples Nacional, 2 = federal taxes by
 * SN and ISSQN outside it, 3 = both outside (sublimit exceeded).
 */
export type RegimeApuracaoSimples = '1' | '2' | '3';

/**
 * The IBS/CBS classification of a service (DPS IBSCBS): cClassTrib of the official table, its CST (derived from
 * the table when absent) and the operation indicator cIndOp. Each member may come from the request or the company.
 */
export interface IbsCbsServico {
  /** Three digits. */
  cst?: string;
  /** Six digits. */
  c_class_trib?: string;
  /** cIndOp, six digits. */
  indicador_operacao?: string;
}

/** Company defaults (`padroes` of the company body). */
export interface PadroesEmissao {
  codigo_nacional?: string | null;
  aliquota_iss?: string | null;
  iss_retido?: boolean | null;
  nbs?: string | null;
  ibs_cbs?: IbsCbsServico | null;
  /** Service code of a municipality with its own system (São Paulo's 4-5 digits). */
  codigo_municipal?: string | null;
  /** The company's CNAE subclass (7 digits), for the municipal layouts whose service items carry it. */
  cnae?: string | null;
}

/** The issuing company as the engine sees it (no DB types). */
export interface EmpresaContexto {
  id?: string;
  /** 14 characters, digits or alphanumeric CNPJ. */
  cnpj: string;
  /** IBGE code, seven digits. */
  municipio: string;
  regime_tributario: RegimeTributario | null;
  regime_apuracao_simples?: RegimeApuracaoSimples | null;
  inscricao_municipal?: string | null;
  padroes?: PadroesEmissao | null;
}

export interface ValidationContext {
  /** Absent when the company could not be resolved; company-dependent checks are then skipped. */
  empresa?: EmpresaContexto | null;
  /** The API key is restricted to one company: `empresa_id` may be omitted. */
  chaveRestritaEmpresa: boolean;
  /** Injected clock. */
  now: Date;
  /** Municipality parameters lookup; defaults to the shipped table (production injects the ADN-backed cache). */
  parametros?: (ibge: string) => ParametrosMunicipio;
}

export interface EnderecoRequest {
  /** Eight digits. */
  cep: string;
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  /** IBGE code, seven digits. */
  municipio?: string;
}

export interface TomadorRequest {
  /** Normalized: CPF 11 digits or CNPJ 14 characters (upper case), no punctuation. */
  documento: string;
  tipo_documento: 'cpf' | 'cnpj';
  nome?: string;
  email?: string;
  telefone?: string;
  inscricao_municipal?: string;
  endereco?: EnderecoRequest;
}

/** Works identification (DPS `obra`): exactly one of `cno`, `cib`, or `cep` + `numero`. */
export interface ObraRequest {
  cno?: string;
  cib?: string;
  cep?: string;
  numero?: string;
  logradouro?: string;
  complemento?: string;
  bairro?: string;
  /** IBGE code; required unless it can come from `cep`. */
  municipio?: string;
  inscricao_imobiliaria?: string;
}

export interface ServicoRequest {
  descricao: string;
  /** cTribNac, six digits (dots removed). */
  codigo_nacional?: string;
  /** Percent with two decimals, "2.00". */
  aliquota_iss?: string;
  iss_retido?: boolean;
  /** cNBS, nine digits (dots removed). */
  nbs?: string;
  ibs_cbs?: IbsCbsServico;
  /** Service code of a municipality with its own system (São Paulo's 4-5 digits); the national code is used elsewhere. */
  codigo_municipal?: string;
  obra?: ObraRequest;
  /** IBGE code, seven digits. */
  municipio_prestacao?: string;
}

export type CodigoMotivoSubstituicao = '01' | '02' | '03' | '04' | '05' | '99';

export interface SubstituicaoRequest {
  nfse_id?: string;
  /** 50 characters. */
  chave_acesso?: string;
  codigo_motivo: CodigoMotivoSubstituicao;
  motivo?: string;
}

/** The normalized NFS-e issuance request, produced only when the body has no error. */
export interface NfseRequest {
  empresa_id?: string;
  referencia?: string;
  /** "YYYY-MM" as sent; the effective competence is in the adjustments' `resolved`. */
  competencia?: string;
  tomador: TomadorRequest;
  /** Amount with two decimals, "1500.00". */
  valor: string;
  servico: ServicoRequest;
  substituicao?: SubstituicaoRequest;
  prestador?: { inscricao_municipal?: string };
  informacoes_complementares?: string;
  /** Whether and to whom the note is e-mailed (nfse/email); absent: the company's setting and `tomador.email`. */
  email?: { enviar?: boolean; destinatarios?: string[] };
}
