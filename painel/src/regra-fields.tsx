import { Field } from './ui/ui.js';

/** A company tax rule as its form edits it: texts as typed, the tax members by their path ("pis.cst"). */
export interface RegraForm {
  descricao: string;
  ncmPrefixo: string;
  cest: string;
  produto: string;
  operacao: string;
  ufOrigem: string;
  ufDestino: string;
  contribuinte: string;
  tributacao: Record<string, string>;
  ativa: boolean;
}

/** The members of the product's tax profile the form offers, by their path in `tributacao`. */
export const TRIBUTACAO_CAMPOS: Array<[string, string]> = [
  ['cfop', 'CFOP'],
  ['icms.cst', 'ICMS: CST'],
  ['icms.csosn', 'ICMS: CSOSN'],
  ['icms.aliquota', 'ICMS: alíquota (%)'],
  ['ipi.cst', 'IPI: CST'],
  ['ipi.cEnq', 'IPI: enquadramento (cEnq)'],
  ['pis.cst', 'PIS: CST'],
  ['pis.aliquota', 'PIS: alíquota (%)'],
  ['cofins.cst', 'COFINS: CST'],
  ['cofins.aliquota', 'COFINS: alíquota (%)'],
  ['ibsCbs.cst', 'IBS/CBS: CST'],
  ['ibsCbs.cClassTrib', 'IBS/CBS: cClassTrib'],
];

export const OPERACOES: Record<string, string> = {
  venda: 'Venda',
  venda_consumidor_final: 'Venda a consumidor final',
  bonificacao: 'Bonificação',
};

export const CONTRIBUINTES: Record<string, string> = {
  contribuinte: 'Contribuinte',
  isento: 'Isento',
  nao_contribuinte: 'Não contribuinte',
};

/** The selection of a rule the page reads. */
export const REGRA_CAMPOS = `id descricao ativa atualizadoEm
  criterios { ncmPrefixo cest produto operacao ufOrigem ufDestino contribuinte }
  tributacao { cfop icms { cst csosn aliquota } ipi { cst aliquota cEnq ex } pis { cst aliquota } cofins { cst aliquota } ibsCbs { cst cClassTrib } }`;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The JSON Pointer of a tax member in the request body, where a refusal names it. */
const ponteiro = (caminho: string) => `/tributacao/${caminho.split('.').map(snake).join('/')}`;

export const emptyRegraForm = (): RegraForm => ({
  descricao: '',
  ncmPrefixo: '',
  cest: '',
  produto: '',
  operacao: '',
  ufOrigem: '',
  ufDestino: '',
  contribuinte: '',
  tributacao: {},
  ativa: true,
});

/** The form of a stored rule. */
export function regraFormOf(regra: any): RegraForm {
  const c = regra.criterios ?? {};
  const tributacao: Record<string, string> = {};
  for (const [caminho] of TRIBUTACAO_CAMPOS) {
    const valor = caminho.split('.').reduce((g: any, k) => g?.[k], regra.tributacao);
    if (valor != null) tributacao[caminho] = String(valor);
  }
  const text = (v: unknown) => (v == null ? '' : String(v));
  return {
    descricao: regra.descricao,
    ncmPrefixo: text(c.ncmPrefixo),
    cest: text(c.cest),
    produto: text(c.produto),
    operacao: text(c.operacao),
    ufOrigem: text(c.ufOrigem),
    ufDestino: text(c.ufDestino),
    contribuinte: text(c.contribuinte),
    tributacao,
    ativa: regra.ativa,
  };
}

/** The rule's input: blank criteria are left out (they match every item), blank tax members are not set. */
export function regraInput(form: RegraForm): Record<string, unknown> {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  const tributacao: Record<string, Record<string, string> | string> = {};
  for (const [caminho, valor] of Object.entries(form.tributacao)) {
    if (!valor.trim()) continue;
    const [grupo, membro] = caminho.split('.') as [string, string | undefined];
    const v = valor.trim().replace(',', '.');
    if (membro) tributacao[grupo] = { ...(tributacao[grupo] as Record<string, string>), [membro]: v };
    else tributacao[grupo] = v;
  }
  return {
    descricao: form.descricao,
    criterios: {
      ncmPrefixo: text(form.ncmPrefixo),
      cest: text(form.cest),
      produto: text(form.produto),
      operacao: text(form.operacao),
      ufOrigem: text(form.ufOrigem),
      ufDestino: text(form.ufDestino),
      contribuinte: text(form.contribuinte),
    },
    tributacao,
    ativa: form.ativa,
  };
}

/** Description, criteria and tax members of a rule, each with the problems a refusal names there. */
export function RegraFields({ form, onChange }: { form: RegraForm; onChange: (f: RegraForm) => void }) {
  const set = (k: keyof RegraForm) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    onChange({ ...form, [k]: e.currentTarget.value });
  return (
    <>
      <Field label="Descrição" campo="/descricao">
        <input value={form.descricao} onInput={set('descricao')} />
      </Field>
      <fieldset>
        <legend>Critérios (em branco: vale para todos os itens)</legend>
        <div class="grade">
          <Field label="NCM (início)" hint="Ex.: 2202 ou 2202.10.00" campo="/criterios/ncm_prefixo">
            <input inputMode="numeric" value={form.ncmPrefixo} onInput={set('ncmPrefixo')} />
          </Field>
          <Field label="CEST" campo="/criterios/cest">
            <input inputMode="numeric" value={form.cest} onInput={set('cest')} />
          </Field>
          <Field label="Produto (SKU)" campo="/criterios/produto">
            <input value={form.produto} onInput={set('produto')} />
          </Field>
          <Field label="Operação" campo="/criterios/operacao">
            <select value={form.operacao} onChange={set('operacao')}>
              <option value="">Qualquer</option>
              {Object.entries(OPERACOES).map(([v, t]) => (
                <option value={v}>{t}</option>
              ))}
            </select>
          </Field>
          <Field label="UF de origem" campo="/criterios/uf_origem">
            <input maxLength={2} value={form.ufOrigem} onInput={set('ufOrigem')} />
          </Field>
          <Field label="UF de destino" campo="/criterios/uf_destino">
            <input maxLength={2} value={form.ufDestino} onInput={set('ufDestino')} />
          </Field>
          <Field label="Destinatário" campo="/criterios/contribuinte">
            <select value={form.contribuinte} onChange={set('contribuinte')}>
              <option value="">Qualquer</option>
              {Object.entries(CONTRIBUINTES).map(([v, t]) => (
                <option value={v}>{t}</option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>Tributação (em branco: a do produto e das tabelas)</legend>
        <div class="grade">
          {TRIBUTACAO_CAMPOS.map(([caminho, rotulo]) => (
            <Field label={rotulo} campo={ponteiro(caminho)}>
              <input
                value={form.tributacao[caminho] ?? ''}
                onInput={(e) =>
                  onChange({ ...form, tributacao: { ...form.tributacao, [caminho]: e.currentTarget.value } })
                }
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <label class="campo marcar">
        <input
          type="checkbox"
          checked={form.ativa}
          onChange={(e) => onChange({ ...form, ativa: e.currentTarget.checked })}
        />
        <span>Regra ativa</span>
      </label>
    </>
  );
}
