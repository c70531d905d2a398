import { useState } from 'preact/hooks';
import { useEmpresas } from '../empresas-cache.js';
import { formatDateTime, formatDocumento, formatMoney, typedDays } from '../format.js';
import { Link } from '../router.js';
import { DateField, ErrorBox, Field, FilterSelect, label, Loading, MoreButton, PageTitle, Status } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';

const NFES = `query Nfes($filtro: NfeFiltro, $after: String) {
  nfes(first: 50, after: $after, filtro: $filtro) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id referencia status numero serie valorTotal criadaEm modo empresa { razaoSocial cnpj } } }
  }
}`;

const NFE_STATUS = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'denegada',
  'contingencia_epec',
  'aguardando_confirmacao',
  'cancelada',
  'descartada',
];

interface Linha {
  id: string;
  referencia: string | null;
  status: string;
  numero: string;
  serie: string;
  valorTotal: string;
  criadaEm: string;
  modo: string;
  empresa: { razaoSocial: string; cnpj: string } | null;
}

export function Nfes() {
  const empresas = useEmpresas();
  const [form, setForm] = useState({ status: '', empresaId: '', referencia: '', de: '', ate: '' });
  const [filtro, setFiltro] = useState<Record<string, unknown>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const list = useConnection<Linha>(NFES, 'nfes', { filtro });

  function apply(e: Event) {
    e.preventDefault();
    const next: Record<string, unknown> = {};
    if (form.status) next.status = [form.status];
    if (form.empresaId) next.empresaId = form.empresaId;
    if (form.referencia.trim()) next.referenciaPrefixo = form.referencia.trim();
    const days = typedDays(form.de, form.ate);
    if (typeof days === 'string') return setFormError(days);
    Object.assign(next, days);
    setFormError(null);
    setFiltro(next);
  }

  return (
    <section>
      <PageTitle>Notas fiscais eletrônicas (NF-e)</PageTitle>
      <form class="filtros" aria-label="Filtros" onSubmit={apply}>
        <FilterSelect
          label="Situação"
          value={form.status}
          onChange={(v) => setForm({ ...form, status: v })}
          options={NFE_STATUS.map((s) => [s, label(s)] as const)}
        />
        <FilterSelect
          label="Empresa"
          value={form.empresaId}
          onChange={(v) => setForm({ ...form, empresaId: v })}
          options={empresas.map((c) => [c.id, c.razaoSocial] as const)}
        />
        <Field label="Referência começa com">
          <input value={form.referencia} onInput={(e) => setForm({ ...form, referencia: e.currentTarget.value })} />
        </Field>
        <DateField label="Criada desde" value={form.de} onInput={(v) => setForm({ ...form, de: v })} />
        <DateField label="Criada até" value={form.ate} onInput={(v) => setForm({ ...form, ate: v })} />
        <div class="acoes">
          <button type="submit">Filtrar</button>
        </div>
      </form>
      <ErrorBox error={formError ?? list.error} />
      <p class="resumo">{list.total != null && `${list.total} nota(s)`}</p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criada em</th>
              <th scope="col">Série/número</th>
              <th scope="col">Referência</th>
              <th scope="col">Empresa</th>
              <th scope="col" class="num">
                Valor total
              </th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((n) => (
              <tr key={n.id}>
                <td>{formatDateTime(n.criadaEm)}</td>
                <td>
                  <Link href={`/nfe/${n.id}`}>
                    {n.serie}/{n.numero}
                  </Link>
                </td>
                <td>{n.referencia ?? '—'}</td>
                <td>{n.empresa ? `${n.empresa.razaoSocial} (${formatDocumento(n.empresa.cnpj)})` : '—'}</td>
                <td class="num">{formatMoney(n.valorTotal)}</td>
                <td>
                  <Status value={n.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhuma NF-e encontrada.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
