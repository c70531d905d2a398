import { formatMoney, formatPercent } from '../format.js';

/** The GraphQL selection of a note's IBS/CBS (Nfse.resumo.ibsCbs). */
export const IBS_CBS_CAMPOS = `ibsCbs { cst cstDescricao cClassTrib cClassTribDescricao indicadorOperacao localidadeIncidencia
  reducaoCompraGovernamental baseCalculo valorIbs valorTotalNota
  cbs { aliquota reducao aliquotaEfetiva valor } ibsUf { aliquota reducao aliquotaEfetiva valor }
  ibsMunicipal { aliquota reducao aliquotaEfetiva valor } }`;

interface Parte {
  aliquota: string | null;
  reducao: string | null;
  aliquotaEfetiva: string | null;
  valor: string | null;
}

/**
 * The note's IBS/CBS: the classification declared (codes with their official names) and, once the national
 * system computed them, the base and each tax's rate, reduction, effective rate and amount.
 */
export function NotaIbsCbs({ ibsCbs: g }: { ibsCbs: any }) {
  if (!g) return null;
  const partes: Array<[string, Parte]> = [
    ['CBS', g.cbs],
    ['IBS estadual (UF)', g.ibsUf],
    ['IBS municipal', g.ibsMunicipal],
  ];
  return (
    <>
      <h2>IBS e CBS</h2>
      <dl class="dados" data-ibs-cbs>
        <dt>CST</dt>
        <dd>{[g.cst, g.cstDescricao].filter(Boolean).join(' — ')}</dd>
        <dt>Classificação (cClassTrib)</dt>
        <dd>{[g.cClassTrib, g.cClassTribDescricao].filter(Boolean).join(' — ')}</dd>
        <dt>Indicador da operação</dt>
        <dd>{g.indicadorOperacao ?? '—'}</dd>
        <dt>Local de incidência</dt>
        <dd>{g.localidadeIncidencia ?? '—'}</dd>
        <dt>Base de cálculo</dt>
        <dd>{g.baseCalculo ? formatMoney(g.baseCalculo) : 'calculada pelo sistema nacional na autorização'}</dd>
        {g.reducaoCompraGovernamental && (
          <>
            <dt>Redução em compra governamental</dt>
            <dd>{formatPercent(g.reducaoCompraGovernamental)}</dd>
          </>
        )}
        <dt>Total do IBS</dt>
        <dd>{formatMoney(g.valorIbs)}</dd>
        <dt>Valor total da nota</dt>
        <dd>{formatMoney(g.valorTotalNota)}</dd>
      </dl>
      <div class="tabela">
        <table data-ibs-cbs-partes>
          <thead>
            <tr>
              <th scope="col">Tributo</th>
              <th scope="col">Alíquota</th>
              <th scope="col">Redução</th>
              <th scope="col">Alíquota efetiva</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {partes.map(([nome, p]) => (
              <tr data-tributo={nome}>
                <th scope="row" data-rotulo="Tributo">
                  {nome}
                </th>
                <td data-rotulo="Alíquota">{formatPercent(p.aliquota)}</td>
                <td data-rotulo="Redução">{p.reducao ? formatPercent(p.reducao) : 'nenhuma'}</td>
                <td data-rotulo="Alíquota efetiva">{formatPercent(p.aliquotaEfetiva)}</td>
                <td data-rotulo="Valor">{formatMoney(p.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
