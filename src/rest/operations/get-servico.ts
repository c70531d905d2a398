import type { RestOperation } from '../rest-operation.js';
import { SERVICO_FIELDS } from './catalogue-body.js';

export const getServico: RestOperation = {
  document: `query($codigo: String!) { servico(codigo: $codigo) {
    __typename ... on ServicoNacional { ${SERVICO_FIELDS} versao fonte } ...DomainErrorFields } }`,
  toVariables: (req) => ({ codigo: req.params.codigo }),
  successStatus: 200,
};
