import { useState } from 'preact/hooks';
import { useEmpresas } from '../empresas-cache.js';
import { endOfDayBr, formatDateTime, formatDocumento, formatMoney, startOfDayBr, typedDays } from '../format.js';
import { Link } from '../router.js';
import {
  DateField,
  ErrorBox,
  Field,
  FilterSelect,
  label,
  LiveMark,
  Loading,
  MoreButton,
  PageTitle,
  Status,
} from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useLiveConnection, useSubscription } from '../use-subscription.js';

const NFSE_LINHA = 'id referencia status numero valor origem criadaEm empresa { razaoSocial cnpj }';

const NOTAS = `query Notas($filtro: NotasFiltro, $after: String) {
  notas(first: 50, after: $after, filtro: $filtro) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { ${NFSE_LINHA} } }
  }
}`;

const ATUALIZADA = `subscription { nfseAtualizada { ${NFSE_LINHA} } }`;

const NFSE_STATUS = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'falha_transmissao',
  'aguardando_confirmacao',
  'cancelada',
  'descartada',
];

interface Linha {
  id: string;
  referencia: string | null;
  status: string;
  numero: string | null;
  valor: string;
  origem: string;
  criadaEm: string;
  empresa: { razaoSocial: string; cnpj: string } | null;
}

export function Notas() {
  const empresas = useEmpresas();
  const [filtro, setFiltro] = useState<Record<string, unknown>>({});
  const [form, setForm] = useState({ status: '', empresaId: '', referencia: '', de: '', ate: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const live = useLiveConnection();
  const list = useConnection<Linha>(NOTAS, 'notas', { filtro });
  const [novas, setNovas] = useState(0);

  // A note already listed changes in place; a new one is counted, and the list reloads only when it matches.
  useSubscription<{ nfseAtualizada: Linha }>(ATUALIZADA, {}, ({ nfseAtualizada: nota }) => {
    if (list.nodes.some((n) => n.id === nota.id))
      list.patch((nodes) => nodes.map((n) => (n.id === nota.id ? nota : n)));
    else {
      setNovas((n) => n + 1);
      list.reloadSoon();
    }
  });

  function apply(e: Event) {
    e.preventDefault();
    const next: Record<string, unknown> = {};
    if (form.status) next.status = [form.status];
    if (form.empresaId) next.empresaId = form.empresaId;
    if (form.referencia.trim()) next.referenciaPrefixo = form.referencia.trim();
    const days = typedDays(form.de, form.ate);
    if (typeof days === 'string') return setFormError(days);
    if (days.desde) next.criadaDesde = startOfDayBr(days.desde);
    if (days.ate) next.criadaAte = endOfDayBr(days.ate);
    setFormError(null);
    setFiltro(next);
  }

  return (
    <section>
      <PageTitle>Notas de serviço (NFS-e)</PageTitle>
      <LiveMark up={live} />
      <form class="filtros" aria-label="Filtros" onSubmit={apply}>
        <FilterSelect
          label="Situação"
          value={form.status}
          onChange={(v) => setForm({ ...form, status: v })}
          options={NFSE_STATUS.map((s) => [s, label(s)] as const)}
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
      <p class="resumo" aria-live="polite">
        {list.total != null && `${list.total} nota(s)`}
        {novas > 0 && ` · ${novas} atualização(ões) ao vivo`}
      </p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criada em</th>
              <th scope="col">Referência</th>
              <th scope="col">Empresa</th>
              <th scope="col">Número</th>
              <th scope="col" class="num">
                Valor
              </th>
              <th scope="col">Situação</th>
              <th scope="col">Origem</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((n) => (
              <tr key={n.id} data-nota={n.id}>
                <td>{formatDateTime(n.criadaEm)}</td>
                <td>
                  <Link href={`/notas/${n.id}`}>{n.referencia ?? n.id}</Link>
                </td>
                <td>
                  {n.empresa ? (
                    <>
                      {n.empresa.razaoSocial}
                      <br />
                      <small>{formatDocumento(n.empresa.cnpj)}</small>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{n.numero ?? '—'}</td>
                <td class="num">{formatMoney(n.valor)}</td>
                <td>
                  <Status value={n.status} />
                </td>
                <td data-origem={n.origem}>{label(n.origem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhuma nota encontrada.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
