import { useState } from 'preact/hooks';
import { useEmpresas } from '../empresas-cache.js';
import { EVENT_TYPES } from '../event-types.js';
import { endOfDayBr, formatDate, formatDateTime, parseDataBr, startOfDayBr, typedDays } from '../format.js';
import { Link } from '../router.js';
import { DateField, ErrorBox, FilterSelect, label, Loading, MoreButton, PageTitle } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useSubscription } from '../use-subscription.js';

const EVENTOS = `query Eventos($filtro: EventosFiltro, $after: String) {
  eventos(first: 100, after: $after, filtro: $filtro) { totalCount pageInfo { hasNextPage endCursor } edges { node { id tipo criadoEm dados } } }
}`;
const AO_VIVO = `subscription($tipos: [EventType!]) { eventos(tipos: $tipos) { id tipo criadoEm dados } }`;

interface Evento {
  id: string;
  tipo: string;
  criadoEm: string;
  dados: Record<string, unknown>;
}

/** Today in Brasília as dd/mm/aaaa: the log opens on the day's events (it is read oldest first). */
function hojeBr(): string {
  return formatDate(new Date().toISOString());
}

export function Eventos() {
  const empresas = useEmpresas();
  const [form, setForm] = useState({ tipo: '', empresaId: '', desde: hojeBr(), ate: '' });
  const [filtro, setFiltro] = useState<Record<string, unknown>>(() => ({
    desde: startOfDayBr(parseDataBr(hojeBr())!),
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const list = useConnection<Evento>(EVENTOS, 'eventos', { filtro });
  const [aoVivo, setAoVivo] = useState<Evento[]>([]);
  useSubscription<{ eventos: Evento }>(AO_VIVO, form.tipo ? { tipos: [form.tipo] } : {}, ({ eventos: e }) =>
    setAoVivo((l) => [e, ...l].slice(0, 50)),
  );

  function apply(e: Event) {
    e.preventDefault();
    const next: Record<string, unknown> = {};
    if (form.tipo) next.tipos = [form.tipo];
    if (form.empresaId) next.empresaId = form.empresaId;
    const days = typedDays(form.desde, form.ate);
    if (typeof days === 'string') return setFormError(days);
    if (days.desde) next.desde = startOfDayBr(days.desde);
    if (days.ate) next.ate = endOfDayBr(days.ate);
    setFormError(null);
    setFiltro(next);
  }

  return (
    <section>
      <PageTitle>Eventos</PageTitle>
      <form class="filtros" aria-label="Filtros" onSubmit={apply}>
        <FilterSelect
          label="Tipo"
          todos
          value={form.tipo}
          onChange={(v) => setForm({ ...form, tipo: v })}
          options={EVENT_TYPES.map((t) => [t, t] as const)}
        />
        <FilterSelect
          label="Empresa"
          value={form.empresaId}
          onChange={(v) => setForm({ ...form, empresaId: v })}
          options={empresas.map((c) => [c.id, c.razaoSocial] as const)}
        />
        <DateField label="Desde" value={form.desde} onInput={(v) => setForm({ ...form, desde: v })} />
        <DateField label="Até" value={form.ate} onInput={(v) => setForm({ ...form, ate: v })} />
        <div class="acoes">
          <button type="submit">Filtrar</button>
        </div>
      </form>
      <ErrorBox error={formError ?? list.error} />
      {aoVivo.length > 0 && (
        <>
          <h2>Ao vivo</h2>
          <Tabela eventos={aoVivo} />
        </>
      )}
      <h2>Registro{list.total != null && ` (${list.total})`}</h2>
      <Tabela eventos={list.nodes} />
      {!list.loading && list.nodes.length === 0 && <p>Nenhum evento no período.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}

/** The page of the resource an event is about, by its type's family. */
function recurso(e: Evento): string | null {
  const id = typeof e.dados.id === 'string' ? e.dados.id : null;
  if (!id) return null;
  if (e.tipo.startsWith('NFSE_')) return `/notas/${id}`;
  if (e.tipo.startsWith('NFE_') && e.tipo !== 'NFE_RECEBIDA') return `/nfe/${id}`;
  if (e.tipo.startsWith('LOTE_')) return `/lotes/${id}`;
  return null;
}

/** A line about the event: what a person looks for first (reference, status, number), the rest on demand. */
function resumo(dados: Record<string, unknown>): string {
  const parts: string[] = [];
  if (dados.referencia) parts.push(String(dados.referencia));
  if (dados.status) parts.push(label(String(dados.status)));
  if (dados.numero) parts.push(`nº ${dados.numero}`);
  if (typeof dados.total === 'number') parts.push(`${dados.total} linha(s)`);
  return parts.join(' · ');
}

function Tabela({ eventos }: { eventos: Evento[] }) {
  return (
    <div class="tabela">
      <table>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Tipo</th>
            <th scope="col">Dados</th>
          </tr>
        </thead>
        <tbody>
          {eventos.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.criadoEm)}</td>
              <td>
                <code>{e.tipo}</code>
              </td>
              <td class="quebra">
                {recurso(e) ? <Link href={recurso(e)!}>{resumo(e.dados) || 'abrir'}</Link> : resumo(e.dados)}
                <details>
                  <summary>Dados</summary>
                  <pre>{JSON.stringify(e.dados, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
