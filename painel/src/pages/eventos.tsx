import { useState } from 'preact/hooks';
import { useEmpresas } from '../empresas-cache.js';
import { eventLabel, EVENT_LABELS, EVENT_TYPES } from '../event-types.js';
import { endOfDayBr, formatDateTime, readableText, startOfDayBr, typedDays } from '../format.js';
import { Link } from '../router.js';
import { DateField, ErrorBox, FilterSelect, label, Loading, MoreButton, PageTitle } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useSubscription } from '../use-subscription.js';

const EVENTOS = `query Eventos($filtro: EventosFiltro, $after: String) {
  eventos(first: 100, after: $after, filtro: $filtro, ordem: recentes) { totalCount pageInfo { hasNextPage endCursor } edges { node { id tipo criadoEm dados } } }
}`;
const AO_VIVO = `subscription($tipos: [EventType!]) { eventos(tipos: $tipos) { id tipo criadoEm dados } }`;

interface Evento {
  id: string;
  tipo: string;
  criadoEm: string;
  dados: Record<string, unknown>;
}

export function Eventos() {
  const empresas = useEmpresas();
  const [form, setForm] = useState({ tipo: '', empresaId: '', desde: '', ate: '' });
  const [filtro, setFiltro] = useState<Record<string, unknown>>({});
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
          options={EVENT_TYPES.map((t) => [t, EVENT_LABELS[t]] as const)}
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
      <h2>Registro{list.total != null && ` (${list.total})`}, mais recentes primeiro</h2>
      <Tabela eventos={list.nodes} />
      {!list.loading && list.nodes.length === 0 && <p>Nenhum evento no período.</p>}
      <Loading when={list.loading && list.nodes.length === 0} />
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

/** A member name of `dados` in words: empresa_id → "Empresa id", chaveAcesso → "Chave acesso". */
function memberName(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The event's own members that are plain values, in words; nested groups are named by their size. */
function Detalhes({ dados }: { dados: Record<string, unknown> }) {
  const entries = Object.entries(dados ?? {});
  return (
    <dl class="dados compacto">
      {entries.map(([key, value]) => (
        <>
          <dt>{memberName(key)}</dt>
          <dd class="quebra">
            {value === null || value === undefined
              ? '—'
              : Array.isArray(value)
                ? `${value.length} item(ns)`
                : typeof value === 'object'
                  ? `${Object.keys(value).length} campo(s)`
                  : key === 'status' || key === 'situacao'
                    ? label(String(value))
                    : readableText(String(value))}
          </dd>
        </>
      ))}
    </dl>
  );
}

function Tabela({ eventos }: { eventos: Evento[] }) {
  return (
    <div class="tabela">
      <table>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Tipo</th>
            <th scope="col">Sobre</th>
          </tr>
        </thead>
        <tbody>
          {eventos.map((e) => (
            <tr key={e.id} data-evento={e.tipo}>
              <td data-rotulo="Quando">{formatDateTime(e.criadoEm)}</td>
              <td data-rotulo="Tipo">{eventLabel(e.tipo)}</td>
              <td class="quebra" data-rotulo="Sobre">
                {recurso(e) ? <Link href={recurso(e)!}>{resumo(e.dados) || 'abrir'}</Link> : resumo(e.dados)}
                <details>
                  <summary>Detalhes</summary>
                  <Detalhes dados={e.dados} />
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
