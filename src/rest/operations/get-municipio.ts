import type { RestOperation } from '../rest-operation.js';
import { MUNICIPIO_FIELDS } from './catalogue-body.js';

export const getMunicipio: RestOperation = {
  document: `query($ibge: String!) { municipio(ibge: $ibge) {
    __typename ... on Municipio { ${MUNICIPIO_FIELDS} versao fonte parametros {
      convenio aderenteEmissorNacional sistemaProprio exigeToken inscricaoMunicipal
      aliquotas { codigoServico aliquota vigenciaInicio vigenciaFim } fonte observacao versao } } ...DomainErrorFields } }`,
  toVariables: (req) => ({ ibge: req.params.ibge }),
  successStatus: 200,
};
