import type { RestOperation } from '../rest-operation.js';
import { MUNICIPIO_FIELDS, query } from './catalogue-body.js';

export const getMunicipio: RestOperation = {
  document: `query($ibge: String!, $competencia: String, $codigoServico: String, $beneficio: String) {
    municipio(ibge: $ibge, competencia: $competencia, codigoServico: $codigoServico, beneficio: $beneficio) {
    __typename ... on Municipio { ${MUNICIPIO_FIELDS} versao fonte
    provedor { nome familia versao rota confianca fonte data origem suportado } parametros {
      convenio aderenteEmissorNacional sistemaProprio convenioConhecido convenioOrigem convenioFonte convenioDesde consultadoEm
      apiIndisponivel exigeToken inscricaoMunicipal
      aliquotas { codigoServico aliquota vigenciaInicio vigenciaFim }
      consulta { competencia codigoServico aliquota aliquotaOrigem fonte
        regimesEspeciais { valor origem consultadoEm mensagem } retencoes { valor origem consultadoEm mensagem } }
      beneficio { numero competencia resposta { valor origem consultadoEm mensagem } }
      fonte observacao versao } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    ibge: req.params.ibge,
    competencia: query(req, 'competencia'),
    codigoServico: query(req, 'codigo_servico'),
    beneficio: query(req, 'beneficio'),
  }),
  successStatus: 200,
};
