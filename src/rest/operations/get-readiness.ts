import type { RestOperation } from '../rest-operation.js';

export const getReadiness: RestOperation = {
  document: `query($id: ID!) { readiness(companyId: $id) {
    __typename ... on Readiness { empresaId situacao itens { item situacao mensagem correcao fonte versao } } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
