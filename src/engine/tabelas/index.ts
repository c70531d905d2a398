// Official tables (from the data directory, fiscal-data-dir.ts) and the project's own (resources/tables), read
// lazily once per process. Pure lookups: no DB, no HTTP.
export { servicoNacional, todosServicos, nbs, CODIGOS_EXIGEM_OBRA } from './servicos.js';
export type { ServicoNacional, IncidenciaIssqn, Nbs } from './servicos.js';
export { nbsCompativel, capitulosNbsAceitos, CAPITULOS_NBS_POR_ITEM } from './correlacao-nbs.js';
export { municipio, todosMunicipios, ufDoCodigo } from './municipios.js';
export type { Municipio } from './municipios.js';
export { codigoOficial } from './codigos-oficiais.js';
export type { CodigoOficial } from './codigos-oficiais.js';
export { parametrosMunicipio, aliquotasMunicipio, municipiosParametrizados, carregarParametros, ARQUIVO_PARAMETROS } from './municipios-parametros.js';
export type { ParametrosMunicipio, LinhaAliquota, Convenio, PoliticaInscricaoMunicipal } from './municipios-parametros.js';
export { ncm, ncmVigente } from './ncm.js';
export type { Ncm } from './ncm.js';
export { cest, cestAceitaNcm } from './cest.js';
export type { Cest } from './cest.js';
