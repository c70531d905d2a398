// Official tables (from the data directory, fiscal-data-dir.ts) and the project's own (resources/tables), read
// lazily once per process. Pure lookups: no DB, no HTTP.
export { servicoNacional, todosServicos, nbs, CODIGOS_EXIGEM_OBRA } from './servico-nacional.js';
export type { ServicoNacional, IncidenciaIssqn, Nbs } from './servico-nacional.js';
export { nbsCompativel, capitulosNbsAceitos, CAPITULOS_NBS_POR_ITEM } from './correlacao-nbs.js';
export { codigoUf, municipio, municipioPorNome, todosMunicipios, ufDoCodigo } from './municipio.js';
export type { Municipio } from './municipio.js';
export { codigoOficial } from './codigo-oficial.js';
export type { CodigoOficial } from './codigo-oficial.js';
export {
  parametrosMunicipio,
  aliquotasMunicipio,
  municipiosParametrizados,
  loadParametros,
  versaoTabelaParametros,
  ARQUIVO_PARAMETROS,
} from './parametros-municipio.js';
export type {
  ParametrosMunicipio,
  LinhaAliquota,
  Convenio,
  OrigemConvenio,
  PoliticaInscricaoMunicipal,
} from './parametros-municipio.js';
export { adesaoEmissorNacional, VERSAO_ADESAO_EMISSOR_NACIONAL } from './adesao-emissor-nacional.js';
export type { AdesaoEmissorNacional } from './adesao-emissor-nacional.js';
export { provedorMunicipio, todosProvedoresMunicipio, municipioSemProvedor } from './provedor-municipio.js';
export type { ProvedorMunicipio, RotaNfse, ConfiancaProvedor } from './provedor-municipio.js';
export { ncm, ncmVigente } from './ncm.js';
export type { Ncm } from './ncm.js';
export { cest, cestAceitaNcm } from './cest.js';
export type { Cest } from './cest.js';
export { reducaoIbsCbs } from './reducao-ibs-cbs.js';
export type { ReducaoIbsCbs } from './reducao-ibs-cbs.js';
export {
  classificacaoIbsCbs,
  classificacoesIbsCbs,
  classificacaoVigente,
  classificacaoAplicavel,
  classificacoesListadas,
  TABELA_CLASSIFICACAO_IBS_CBS,
  GRUPOS_CLASSIFICACAO_IBS_CBS,
} from './classificacao-ibs-cbs.js';
export type { ClassificacaoIbsCbs, GrupoIbsCbs, AliquotaFixaIbsCbs } from './classificacao-ibs-cbs.js';
export { aliquotasReferenciaIbsCbs, TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS } from './aliquotas-referencia-ibs-cbs.js';
export type { AliquotasReferenciaIbsCbs } from './aliquotas-referencia-ibs-cbs.js';
