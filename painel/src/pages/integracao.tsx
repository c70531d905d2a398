import { useState } from 'preact/hooks';
import { formatDateTime, typedDays } from '../format.js';
import { Link, useLocation } from '../router.js';
import { DateField, ErrorBox, Field, Loading, MoreButton, PageTitle } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';

const REQUISICOES = `query Requisicoes($filtro: RequisicoesFiltro, $after: String) {
  requisicoes(first: 50, after: $after, filtro: $filtro) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id requisicaoId criadoEm metodo rota status duracaoMs codigo chaveId empresaId notaId loteId } }
  }
}`;

interface Requisicao {
  id: string;
  requisicaoId: string;
  criadoEm: string;
  metodo: string;
  rota: string;
  status: number;
  duracaoMs: number;
  codigo: string | null;
  chaveId: string;
  empresaId: string | null;
  notaId: string | null;
  loteId: string | null;
}

const duracao = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** The integration log: every call of the account's keys of the last 30 days, found by its X-Request-Id. */
export function Integracao() {
  const { query } = useLocation();
  const inicial = query.get('requisicaoId') ?? '';
  const [form, setForm] = useState({ requisicaoId: inicial, rota: '', status: '', desde: '', ate: '' });
  const [filtro, setFiltro] = useState<Record<string, unknown>>(inicial ? { requisicaoId: inicial } : {});
  const [formError, setFormError] = useState<string | null>(null);
  const list = useConnection<Requisicao>(REQUISICOES, 'requisicoes', { filtro });

  function apply(e: Event) {
    e.preventDefault();
    const next: Record<string, unknown> = {};
    if (form.requisicaoId.trim()) next.requisicaoId = form.requisicaoId.trim();
    if (form.rota.trim()) next.rota = form.rota.trim();
    if (form.status.trim()) {
      const codes = form.status
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (codes.some((c) => !Number.isInteger(c) || c < 100 || c > 599))
        return setFormError('Situação HTTP: números de 100 a 599, separados por vírgula.');
      next.status = codes;
    }
    const days = typedDays(form.desde, form.ate);
    if (typeof days === 'string') return setFormError(days);
    Object.assign(next, days);
    setFormError(null);
    setFiltro(next);
  }

  return (
    <section>
      <PageTitle>Log de integração</PageTitle>
      <p class="resumo">
        As chamadas das chaves de produção nos últimos 30 dias. Procure uma chamada pelo seu X-Request-Id.
      </p>
      <form class="filtros" aria-label="Busca" role="search" onSubmit={apply}>
        <Field label="X-Request-Id">
          <input
            name="requisicaoId"
            size={38}
            value={form.requisicaoId}
            onInput={(e) => setForm({ ...form, requisicaoId: e.currentTarget.value })}
          />
        </Field>
        <Field label="Rota">
          <input
            name="rota"
            placeholder="/v1/nfse"
            value={form.rota}
            onInput={(e) => setForm({ ...form, rota: e.currentTarget.value })}
          />
        </Field>
        <Field label="Situação HTTP">
          <input
            name="status"
            size={10}
            placeholder="422, 500"
            value={form.status}
            onInput={(e) => setForm({ ...form, status: e.currentTarget.value })}
          />
        </Field>
        <DateField label="Desde" value={form.desde} onInput={(v) => setForm({ ...form, desde: v })} />
        <DateField label="Até" value={form.ate} onInput={(v) => setForm({ ...form, ate: v })} />
        <div class="acoes">
          <button type="submit">Buscar</button>
        </div>
      </form>
      <ErrorBox error={formError ?? list.error} />
      <p class="resumo" aria-live="polite">
        {list.total != null && `${list.total} chamada(s)`}
      </p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Quando</th>
              <th scope="col">Chamada</th>
              <th scope="col" class="num">
                HTTP
              </th>
              <th scope="col">Código</th>
              <th scope="col" class="num">
                Duração
              </th>
              <th scope="col">X-Request-Id</th>
              <th scope="col">Recurso</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((r) => (
              <tr key={r.id} data-requisicao={r.requisicaoId}>
                <td>{formatDateTime(r.criadoEm)}</td>
                <td>
                  <code>
                    {r.metodo} {r.rota}
                  </code>
                </td>
                <td class={`num ${r.status >= 400 ? 'erro' : ''}`}>{r.status}</td>
                <td>{r.codigo ?? '—'}</td>
                <td class="num">{duracao.format(r.duracaoMs)} ms</td>
                <td class="quebra">
                  <code>{r.requisicaoId}</code>
                </td>
                <td>
                  {r.notaId && (
                    <Link href={`${r.rota.startsWith('/v1/nfe') ? '/nfe' : '/notas'}/${r.notaId}`}>nota</Link>
                  )}
                  {r.loteId && <Link href={`/lotes/${r.loteId}`}>lote</Link>}
                  {!r.notaId && !r.loteId && r.empresaId && <Link href={`/empresas/${r.empresaId}`}>empresa</Link>}
                  {!r.notaId && !r.loteId && !r.empresaId && '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhuma chamada encontrada.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
