import { useState } from 'preact/hooks';
import { useEmpresas } from './empresas-cache.js';
import { typedDays } from './format.js';
import { DateField, Field, FilterSelect, label } from './ui/ui.js';

/** What a notes list asks for: the GraphQL filter and page size, and the same filter as the export's query. */
export interface NotasBuscaValor {
  filtro: Record<string, unknown>;
  first: number;
  exportacao: string;
}

export const TAMANHOS_PAGINA = [25, 50, 100] as const;

const VAZIO = {
  numero: '',
  chave: '',
  referencia: '',
  tomador: '',
  valorMin: '',
  valorMax: '',
  status: '',
  empresaId: '',
  de: '',
  ate: '',
  first: '50',
};

type Form = typeof VAZIO;

/** A typed amount ("1.234,56" or "1234.56") as the API's decimal text; null when it is not one. */
function typedMoney(typed: string): string | null {
  const t = typed.trim().replace(/^R\$\s*/, '');
  const plain = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d{1,13}(\.\d{1,2})?$/.test(plain) ? plain : null;
}

/**
 * The form's filter, or the message for a field that is not valid. Members are the GraphQL filter's; the export
 * query carries the same values under the REST names (snake_case) so the download is the list on screen.
 */
function buscaOf(form: Form): NotasBuscaValor | string {
  const filtro: Record<string, unknown> = {};
  const rest = new URLSearchParams();
  const put = (member: string, param: string, value: string) => {
    filtro[member] = value;
    rest.set(param, value);
  };
  if (form.numero.trim()) put('numero', 'numero', form.numero.trim());
  if (form.chave.trim()) put('chave', 'chave', form.chave.replace(/\D/g, ''));
  if (form.referencia.trim()) put('referencia', 'referencia', form.referencia.trim());
  if (form.tomador.trim()) put('tomador', 'tomador', form.tomador.trim());
  for (const [member, param, typed] of [
    ['valorMin', 'valor_min', form.valorMin],
    ['valorMax', 'valor_max', form.valorMax],
  ] as const) {
    if (!typed.trim()) continue;
    const valor = typedMoney(typed);
    if (!valor) return `Valor inválido: ${typed.trim()}. Use, por exemplo, 1.234,56.`;
    put(member, param, valor);
  }
  if (form.status) {
    filtro.status = [form.status];
    rest.set('status', form.status);
  }
  if (form.empresaId) put('empresaId', 'empresa_id', form.empresaId);
  const days = typedDays(form.de, form.ate);
  if (typeof days === 'string') return days;
  if (days.desde) put('desde', 'desde', days.desde);
  if (days.ate) put('ate', 'ate', days.ate);
  return { filtro, first: Number(form.first), exportacao: rest.toString() };
}

/**
 * The search form of the NFS-e and NF-e lists (the same fields on both, as `NotasFiltro` and `NfeFiltro` are one
 * shape), with the page size and the export links of the filter applied.
 */
export function NotasBusca(props: {
  statuses: readonly string[];
  /** The export route of this list: /painel/api/exportacao/nfse or …/nfe. */
  exportPath: string;
  onBusca: (busca: NotasBuscaValor) => void;
  onErro: (mensagem: string | null) => void;
}) {
  const empresas = useEmpresas();
  const [form, setForm] = useState<Form>(VAZIO);
  const [exportacao, setExportacao] = useState('');
  const set = (k: keyof Form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [k]: e.currentTarget.value });

  function aplicar(next: Form) {
    const busca = buscaOf(next);
    if (typeof busca === 'string') return props.onErro(busca);
    props.onErro(null);
    setExportacao(busca.exportacao);
    props.onBusca(busca);
  }

  const link = (formato: string) => `${props.exportPath}?formato=${formato}${exportacao ? `&${exportacao}` : ''}`;
  return (
    <>
      <form
        class="filtros"
        aria-label="Busca"
        onSubmit={(e) => {
          e.preventDefault();
          aplicar(form);
        }}
      >
        <Field label="Número">
          <input inputMode="numeric" value={form.numero} onInput={set('numero')} />
        </Field>
        <Field label="Chave de acesso">
          <input inputMode="numeric" maxLength={60} value={form.chave} onInput={set('chave')} />
        </Field>
        <Field label="Referência">
          <input maxLength={100} value={form.referencia} onInput={set('referencia')} />
        </Field>
        <Field label="Tomador / destinatário" hint="CPF/CNPJ ou parte do nome.">
          <input maxLength={100} value={form.tomador} onInput={set('tomador')} />
        </Field>
        <Field label="Valor de">
          <input inputMode="decimal" placeholder="0,00" value={form.valorMin} onInput={set('valorMin')} />
        </Field>
        <Field label="Valor até">
          <input inputMode="decimal" placeholder="0,00" value={form.valorMax} onInput={set('valorMax')} />
        </Field>
        <FilterSelect
          label="Situação"
          value={form.status}
          onChange={(v) => setForm({ ...form, status: v })}
          options={props.statuses.map((s) => [s, label(s)] as const)}
        />
        <FilterSelect
          label="Empresa"
          value={form.empresaId}
          onChange={(v) => setForm({ ...form, empresaId: v })}
          options={empresas.map((c) => [c.id, c.razaoSocial] as const)}
        />
        <DateField label="Criada desde" value={form.de} onInput={(v) => setForm({ ...form, de: v })} />
        <DateField label="Criada até" value={form.ate} onInput={(v) => setForm({ ...form, ate: v })} />
        <Field label="Por página">
          <select
            value={form.first}
            onChange={(e) => {
              const next = { ...form, first: e.currentTarget.value };
              setForm(next);
              aplicar(next);
            }}
          >
            {TAMANHOS_PAGINA.map((n) => (
              <option value={String(n)}>{n}</option>
            ))}
          </select>
        </Field>
        <div class="acoes">
          <button type="submit">Buscar</button>
          <button
            type="button"
            class="secundario"
            onClick={() => {
              setForm(VAZIO);
              aplicar(VAZIO);
            }}
          >
            Limpar
          </button>
        </div>
      </form>
      <p class="acoes exportar">
        <a class="botao secundario" href={link('csv')} download>
          Exportar CSV
        </a>
        <a class="botao secundario" href={link('zip')} download>
          Exportar ZIP
        </a>
      </p>
    </>
  );
}
