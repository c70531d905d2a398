import { connectionPage } from '../connection-page.js';

/** Selections shared by the catalogue operations. */
export const SERVICO_FIELDS = `codigo codigoFormatado descricao item descricaoItem capitulosNbs nbsLivre
  incidenciaIss { estabelecimentoPrestador localPrestacao estabelecimentoTomador } exigeObra exigeEvento origem`;

export const MUNICIPIO_FIELDS = 'codigo nome uf';

export const query = (req: { query: Record<string, string | string[] | undefined> }, name: string): string | null => {
  const v = req.query[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
};

/** A catalogue connection in the REST shape of GET /v1/servicos and /v1/municipios. */
export function catalogueBody(data: Record<string, unknown>) {
  const page = connectionPage(data);
  return { versao: data.versao, fonte: data.fonte, itens: page.nodes, proximo_cursor: page.proximoCursor };
}
