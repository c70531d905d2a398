import { nfseBody } from '../../engine/nfse/nfse-body.js';
import type { RestOperation } from '../rest-operation.js';

export const validateNfse: RestOperation = {
  document: `mutation($input: NfseInput!) { validateNfse(input: $input) {
    __typename
    ... on NfseValidation {
      valida regrasVersao
      erros { codigo campo mensagem correcao codigoOficial }
      ajustes { campo acao motivo regra }
      prontidao { empresaId situacao itens { item situacao mensagem correcao fonte versao } }
    }
    ...DomainErrorFields } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  body: nfseBody,
  successStatus: 200,
};
