import type { Db } from '../../db/database.js';
import type { LinhasIguais } from './parametros-do-lote.js';

/**
 * What the municipal parameters are counted over, projected by the database: of each line only the members
 * municipiosDaNota reads (competence, service code, the municipalities of service, construction site and taker),
 * each distinct projection once with how many lines have it, in the order of its first line. The requests
 * themselves never leave the database for this.
 */
export const municipalProjections = (db: Db, loteId: string) => db.$queryRaw<LinhasIguais[]>`
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'competencia', request->'competencia',
    'servico', jsonb_build_object(
      'municipio_prestacao', request->'servico'->'municipio_prestacao',
      'codigo_nacional', request->'servico'->'codigo_nacional',
      'obra', jsonb_build_object('municipio', request->'servico'->'obra'->'municipio')),
    'tomador', jsonb_build_object('endereco', jsonb_build_object('municipio', request->'tomador'->'endereco'->'municipio'))
  )) AS request, count(*)::int AS linhas
  FROM lote_itens WHERE lote_id = ${loteId}::uuid
  GROUP BY 1 ORDER BY min(linha)`;
