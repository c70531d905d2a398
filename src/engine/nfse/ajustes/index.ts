// Field rules and automatic corrections of an NFS-e request (`regras_versao`, `ajustes`). Pure code.
export { computeAdjustments } from './compute-adjustments.js';
export type {
  EntradaAjustes,
  ValoresEfetivos,
  IbsCbsEfetivo,
  ResultadoAjustes,
  FonteParametros,
  ComputeAdjustmentsOptions,
} from './compute-adjustments.js';
export {
  regrasVersao,
  catalogoRegras,
  regra,
  regraCorrecao,
  ajuste,
  VERSAO_CORRECOES,
  VERSAO_CAMPOS,
} from './catalogo-regras.js';
export type { Ajuste, AcaoAjuste, Regra } from './catalogo-regras.js';
export { situacaoAliquota } from './situacao-aliquota.js';
export type { SituacaoAliquota } from './situacao-aliquota.js';
export { competenciaDe } from './competencia-de.js';
export { municipioIncidencia } from './municipio-incidencia.js';
export type { MunicipioIncidenciaOptions } from './municipio-incidencia.js';
export { correctDps } from './correct-dps.js';
export type { CorrectDpsOptions, CorrectedDps } from './correct-dps.js';
