// Validation of the NFS-e issuance body. Pure code: no DB, no HTTP.
export { validateNfseRequest } from './validate-nfse-request.js';
export type { ValidationResult } from './validate-nfse-request.js';
export { CODIGOS_VALIDACAO } from './codigos-validacao.js';
export type { CodigoValidacao } from './codigos-validacao.js';
export type {
  NfseRequest, ValidationContext, EmpresaContexto, PadroesEmissao, RegimeTributario,
  RegimeApuracaoSimples, TomadorRequest, EnderecoRequest, ServicoRequest, ObraRequest, SubstituicaoRequest,
  CodigoMotivoSubstituicao,
} from './nfse-request.js';
