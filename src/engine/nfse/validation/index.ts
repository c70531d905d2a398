// Validation of the NFS-e issuance body. Pure code: no DB, no HTTP.
export { validateNfseRequest } from './validate-nfse-request.js';
export type { ValidationResult } from './validate-nfse-request.js';
export { chaveAcessoValida } from './chave-acesso.js';
export { CODIGOS_VALIDACAO } from './codigos.js';
export type { CodigoValidacao } from './codigos.js';
export type {
  NfseRequest, ValidationContext, EmpresaContexto, PadroesEmissao, RegimeTributario,
  RegimeApuracaoSimples, TomadorRequest, EnderecoRequest, ServicoRequest, ObraRequest, SubstituicaoRequest,
  CodigoMotivoSubstituicao,
} from './types.js';
