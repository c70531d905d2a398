import { RequestError } from './api/session.js';
import { EVENT_LABELS, EVENT_TYPES } from './event-types.js';
import { FieldErrors } from './ui/field-errors.js';
import { Field } from './ui/ui.js';

export interface WebhookForm {
  url: string;
  eventos: string[];
  /** Custom headers (creation only: their values are never shown back, so editing them is not offered). */
  cabecalhos: Array<{ nome: string; valor: string }>;
}

export const emptyWebhookForm = (): WebhookForm => ({ url: '', eventos: [], cabecalhos: [] });

/**
 * The WebhookInput of the form. A webhook receives only the types it lists, so none ticked is refused here with
 * the field's message instead of being sent (the API requires `eventos`); "Marcar todos" ticks each type.
 */
export function webhookInput(form: WebhookForm, withHeaders: boolean): Record<string, unknown> {
  if (form.eventos.length === 0) {
    const mensagem = 'Marque ao menos um tipo de evento.';
    throw new RequestError(mensagem, 422, 'validacao', [
      { campo: '/eventos', mensagem, correcao: 'Use "Marcar todos" para receber todos.' },
    ]);
  }
  const cabecalhos = form.cabecalhos.filter((h) => h.nome.trim() || h.valor);
  return {
    url: form.url.trim(),
    eventos: EVENT_TYPES.filter((t) => form.eventos.includes(t)),
    ...(withHeaders && cabecalhos.length ? { cabecalhos: cabecalhos.map((h) => ({ ...h, nome: h.nome.trim() })) } : {}),
  };
}

/** URL, event types and (at creation) custom headers, each with the problems a refusal names there. */
export function WebhookFields(props: { form: WebhookForm; onChange: (f: WebhookForm) => void; headers: boolean }) {
  const { form, onChange } = props;
  const setHeader = (i: number, k: 'nome' | 'valor', v: string) =>
    onChange({ ...form, cabecalhos: form.cabecalhos.map((h, j) => (j === i ? { ...h, [k]: v } : h)) });
  return (
    <>
      <Field label="Endereço (URL pública)" campo="/url">
        <input
          type="url"
          required
          placeholder="https://"
          value={form.url}
          onInput={(e) => onChange({ ...form, url: e.currentTarget.value })}
        />
      </Field>
      <fieldset class="grade eventos">
        <legend>Tipos de evento a receber</legend>
        <FieldErrors campo="/eventos" />
        <div class="acoes marcar-todos">
          <button type="button" class="secundario" onClick={() => onChange({ ...form, eventos: [...EVENT_TYPES] })}>
            Marcar todos
          </button>
          <button type="button" class="secundario" onClick={() => onChange({ ...form, eventos: [] })}>
            Desmarcar todos
          </button>
        </div>
        {EVENT_TYPES.map((name) => (
          <label class="campo marcar">
            <input
              type="checkbox"
              value={name}
              checked={form.eventos.includes(name)}
              onChange={(e) =>
                onChange({
                  ...form,
                  eventos: e.currentTarget.checked ? [...form.eventos, name] : form.eventos.filter((n) => n !== name),
                })
              }
            />
            <span>{EVENT_LABELS[name]}</span>
          </label>
        ))}
      </fieldset>
      {props.headers && (
        <fieldset class="cabecalhos">
          <legend>Cabeçalhos enviados em cada entrega (até 5)</legend>
          <FieldErrors campo="/cabecalhos" />
          {form.cabecalhos.map((h, i) => (
            <div class="grade">
              <Field label={`Nome ${i + 1}`}>
                <input value={h.nome} onInput={(e) => setHeader(i, 'nome', e.currentTarget.value)} />
              </Field>
              <Field label={`Valor ${i + 1}`}>
                <input
                  type="password"
                  autocomplete="off"
                  value={h.valor}
                  onInput={(e) => setHeader(i, 'valor', e.currentTarget.value)}
                />
              </Field>
              <div class="acoes">
                <button
                  type="button"
                  class="secundario"
                  aria-label={`Remover cabeçalho ${i + 1}`}
                  onClick={() => onChange({ ...form, cabecalhos: form.cabecalhos.filter((_, j) => j !== i) })}
                >
                  Remover
                </button>
              </div>
            </div>
          ))}
          {form.cabecalhos.length < 5 && (
            <div class="acoes">
              <button
                type="button"
                class="secundario"
                onClick={() => onChange({ ...form, cabecalhos: [...form.cabecalhos, { nome: '', valor: '' }] })}
              >
                Adicionar cabeçalho
              </button>
            </div>
          )}
        </fieldset>
      )}
    </>
  );
}
