import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api/graphql.js';
import { formatDate, formatDocumento } from '../format.js';
import { Link } from '../router.js';
import { ErrorBox, Loading, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';

const EMPRESAS = `{ companies { totalCount edges { node { id cnpj razaoSocial municipio municipioNome status certificado { validoAte } } } } }`;

interface Empresa {
  id: string;
  cnpj: string;
  razaoSocial: string;
  municipio: string;
  municipioNome: string | null;
  status: string;
  certificado: { validoAte: string } | null;
}

/** One query for the readiness of every listed company (aliases r0, r1…), not one per row. */
function prontidaoQuery(ids: string[]): string {
  return `{ ${ids.map((id, i) => `r${i}: readiness(companyId: ${JSON.stringify(id)}) { ... on Readiness { empresaId situacao } }`).join(' ')} }`;
}

export function Empresas() {
  const q = useQuery<{ companies: { edges: Array<{ node: Empresa }> } }>(EMPRESAS);
  const empresas = q.data?.companies.edges.map((e) => e.node) ?? [];
  const [prontidao, setProntidao] = useState<Record<string, string>>({});
  const ids = empresas.map((e) => e.id).join(',');
  useEffect(() => {
    if (!ids) return;
    gql<Record<string, { empresaId?: string; situacao?: string }>>(prontidaoQuery(ids.split(','))).then(
      (d) =>
        setProntidao(
          Object.fromEntries(
            Object.values(d)
              .filter((r) => r.empresaId)
              .map((r) => [r.empresaId!, r.situacao!]),
          ),
        ),
      () => {},
    );
  }, [ids]);

  return (
    <section>
      <PageTitle>Empresas</PageTitle>
      <ErrorBox error={q.error} />
      <Loading when={q.loading && !q.data} />
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Razão social</th>
              <th scope="col">CNPJ</th>
              <th scope="col">Município</th>
              <th scope="col">Certificado válido até</th>
              <th scope="col">Prontidão</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {empresas.map((e) => (
              <tr key={e.id} data-empresa={e.id}>
                <td data-rotulo="Razão social">
                  <Link href={`/empresas/${e.id}`}>{e.razaoSocial}</Link>
                </td>
                <td data-rotulo="CNPJ">{formatDocumento(e.cnpj)}</td>
                <td data-rotulo="Município">{e.municipioNome ?? `IBGE ${e.municipio}`}</td>
                <td data-rotulo="Certificado válido até">
                  {e.certificado ? formatDate(e.certificado.validoAte) : 'Sem certificado'}
                </td>
                <td data-rotulo="Prontidão">{prontidao[e.id] ? <Status value={prontidao[e.id]} /> : '…'}</td>
                <td data-rotulo="Situação">
                  <Status value={e.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.data && empresas.length === 0 && <p>Nenhuma empresa cadastrada.</p>}
    </section>
  );
}
