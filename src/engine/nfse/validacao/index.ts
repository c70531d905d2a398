// Validation of an NFS-e request in its declared shape (../nfse-body.ts). Pure code: no DB, no HTTP.
export { checkNfseBody, validateNfseRequest } from './validate-nfse-request.js';
export type { NfseBodyRead, ValidationResult } from './validate-nfse-request.js';
export { CODIGOS_VALIDACAO } from './codigos-validacao.js';
export type { CodigoValidacao } from './codigos-validacao.js';
export type {
  NfseRequest,
  ValidationContext,
  EmpresaContexto,
  PadroesEmissao,
  RegimeTributario,
  RegimeApuracaoSimples,
  TomadorRequest,
  EnderecoRequest,
  ServicoRequest,
  ObraRequest,
  SubstituicaoRequest,
  CodigoMotivoSubstituicao,
} from './nfse-request.js';
