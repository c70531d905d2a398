import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useAction } from '../use-action.js';
import { FieldErrors, FieldErrorsProvider } from './field-errors.js';

/** The page's heading; it takes the focus when the page opens, so a keyboard or screen-reader user starts there. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

export function ErrorBox({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p class="erro" role="alert">
      {error}
    </p>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <p class="aviso" role="status">
      {children}
    </p>
  );
}

/**
 * A labelled field; `campo` is the JSON Pointer of its member in the request body (/url, /padroes/aliquota_iss):
 * the problems a refusal names there are shown under it.
 */
export function Field(props: { label: string; hint?: string; campo?: string; children: ComponentChildren }) {
  return (
    <label class="campo">
      <span>{props.label}</span>
      {props.children}
      {props.hint && <small>{props.hint}</small>}
      {props.campo && <FieldErrors campo={props.campo} />}
    </label>
  );
}

/** A day typed as dd/mm/aaaa (read by typedDays). */
export function DateField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  required?: boolean;
  campo?: string;
}) {
  return (
    <Field label={props.label} campo={props.campo}>
      <input
        placeholder="dd/mm/aaaa"
        inputMode="numeric"
        required={props.required}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </Field>
  );
}

/**
 * A list filter's select: "Todas" (no filter; `todos` names it for a masculine noun such as "Tipo") first, then each
 * option as [value, text].
 */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
  todos?: boolean;
}) {
  return (
    <Field label={props.label}>
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">{props.todos ? 'Todos' : 'Todas'}</option>
        {props.options.map(([value, text]) => (
          <option value={value}>{text}</option>
        ))}
      </select>
    </Field>
  );
}

const LABELS: Record<string, string> = {
  autorizada: 'Autorizada',
  cancelada: 'Cancelada',
  descartada: 'Descartada',
  falha_transmissao: 'Falha de transmissão',
  rejeitada: 'Rejeitada',
  transmitindo: 'Transmitindo',
  aguardando_confirmacao: 'Aguardando confirmação',
  contingencia_epec: 'Contingência EPEC',
  denegada: 'Denegada',
  validando: 'Validando',
  aguardando_emissao: 'Aguardando emissão',
  processando: 'Processando',
  concluido: 'Concluído',
  erro: 'Erro',
  com_erro_validacao: 'Erro de validação',
  ja_existente: 'Já existente',
  ativa: 'Ativa',
  inativa: 'Inativa',
  pausada: 'Pausada',
  ativo: 'Ativo',
  desativado: 'Desativado',
  ok: 'OK',
  aviso: 'Aviso',
  bloqueio: 'Bloqueio',
  entregue: 'Entregue',
  falhou: 'Falhou',
  pendente: 'Pendente',
  json: 'API (JSON)',
  api: 'API',
  lote: 'Lote',
  painel: 'Painel',
  planilha: 'Planilha',
};

export function label(value: string | null | undefined): string {
  if (!value) return '—';
  return LABELS[value] ?? LABELS[value.toLowerCase()] ?? value;
}

export function Status({ value }: { value: string }) {
  return <span class={`situacao situacao-${value}`}>{label(value)}</span>;
}

/** A button that runs an async action, shows it running, and reports its error beside it. */
export function ActionButton(
  props: { onAction: () => Promise<unknown>; children: ComponentChildren; confirm?: string } & Omit<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'onClick'
  >,
) {
  const { onAction, children, confirm: question, ...rest } = props;
  const { busy, error, run } = useAction();
  return (
    <>
      <button
        type="button"
        {...rest}
        disabled={busy || rest.disabled}
        aria-busy={busy}
        onClick={() => {
          if (question && !window.confirm(question)) return;
          run(onAction);
        }}
      >
        {children}
      </button>
      <ErrorBox error={error} />
    </>
  );
}

/**
 * A form whose submit runs an async action, the button disabled while it runs. A refusal's message and the
 * problems no field claims are shown at the top; each other problem under its Field (see field-errors.tsx).
 */
export function ActionForm(props: {
  onSubmit: () => Promise<unknown>;
  submit: string;
  children: ComponentChildren;
  class?: string;
  label?: string;
  /** The form's heading, above its problems. */
  title?: string;
  /** More buttons beside the submit one. */
  actions?: ComponentChildren;
}) {
  const { busy, error, erros, run } = useAction();
  return (
    <form
      class={props.class ?? 'formulario'}
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        run(props.onSubmit);
      }}
    >
      {props.title && <h2>{props.title}</h2>}
      <FieldErrorsProvider error={error} erros={erros}>
        {props.children}
      </FieldErrorsProvider>
      <div class="acoes">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {props.submit}
        </button>
        {props.actions}
      </div>
    </form>
  );
}

/** "Carregar mais" under a list paged by cursor. */
export function MoreButton(props: { hasNext: boolean; onMore: () => void }) {
  if (!props.hasNext) return null;
  return (
    <div class="acoes">
      <button type="button" class="secundario" onClick={props.onMore}>
        Carregar mais
      </button>
    </div>
  );
}

export function Loading({ when }: { when: boolean }) {
  return when ? (
    <p class="carregando" role="status">
      Carregando…
    </p>
  ) : null;
}

/** The mark of a page that updates by itself while its live connection is up. */
export function LiveMark({ up }: { up: boolean }) {
  return (
    <span class={up ? 'ao-vivo' : 'ao-vivo desligado'} role="status" data-ao-vivo={up ? 'sim' : 'nao'}>
      {up ? 'ao vivo' : 'sem conexão ao vivo'}
    </span>
  );
}
