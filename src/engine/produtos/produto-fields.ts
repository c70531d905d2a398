import { Decimal } from 'decimal.js';
import * as v from 'valibot';
import { codeText } from '../nucleo/code-text.js';
import { issueMessage } from '../nucleo/issue-message.js';
import type { BodyReport } from '../nucleo/read-body.js';
import { SEM_GTIN } from './gtin-problem.js';
import { TODOS_MOTIVOS_DESONERACAO } from '../tributos/motivos-desoneracao.js';

/** A tax group's defaults: CST (or, for ICMS under the Simples Nacional, CSOSN) and the rate in percent. */
export interface TributoPadrao {
  cst?: string;
  csosn?: string;
  aliquota?: string;
}

/**
 * ICMS defaults: CST or CSOSN and rate, plus what the CST's group needs (all percent): base reduction (pRedBC),
 * ICMS-ST margin (pMVAST), rate (pICMSST) and base reduction (pRedBCST), FCP (pFCP) and FCP-ST (pFCPST), the
 * deferred share (pDif), the UF's tax-benefit code (cBenef), the DIFAL method where the destination's is not
 * settled, and the relief's reason and deduction (motDesICMS, indDeduzDeson). Company tax rules reuse this shape as overrides.
 */
export interface IcmsPadrao extends TributoPadrao {
  reducaoBc?: string;
  mva?: string;
  aliquotaSt?: string;
  reducaoBcSt?: string;
  fcp?: string;
  fcpSt?: string;
  diferimento?: string;
  cBenef?: string;
  /** DIFAL of a sale to a non-contributor of another UF: the destination's base, single or double (metodoDifal). */
  metodoDifal?: 'base_unica' | 'base_dupla';
  /** The relief's reason (motDesICMS) and whether it is deducted from the item (indDeduzDeson 1). */
  motivoDesoneracao?: string;
  deduzDesoneracao?: boolean;
}

/** IPI defaults: the group's, plus the legal framing code (cEnq) and the TIPI's Ex-tarifário of the NCM. */
export interface IpiPadrao extends TributoPadrao {
  cEnq?: string;
  ex?: string;
}

/**
 * The IBS/CBS classification of the product (NT 2025.002): CST and cClassTrib; the deferral percentage of a
 * CST 510/515 code (`pDif`, which the classification table does not give) and the regular taxation a code with
 * gTribRegular reports (`cClassTribReg`, 000001 by default).
 */
export interface IbsCbsPadrao {
  cst?: string;
  cClassTrib?: string;
  pDif?: string;
  cClassTribReg?: string;
}

/** The Imposto Seletivo of the product (from 2027): CST and cClassTribIS of the IS table, and its rate. */
export interface ImpostoSeletivoPadrao {
  cst?: string;
  cClassTrib?: string;
  aliquota?: string;
}

/**
 * Default tax data of the product for NF-e items; groups named as in the 4.00 layout. It is the tax profile the
 * NF-e `calcular` mode computes from.
 */
export interface Tributacao {
  cfop?: string;
  icms?: IcmsPadrao;
  ipi?: IpiPadrao;
  pis?: TributoPadrao;
  cofins?: TributoPadrao;
  ibsCbs?: IbsCbsPadrao;
  is?: ImpostoSeletivoPadrao;
}

const ALIQUOTA = /^\d{1,3}(\.\d{1,4})?$/;
const LAYOUT = 'Corrija o valor conforme o leiaute da NF-e 4.00.';

const text = (max: number, name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(issueMessage('não pode ser vazio.', `Informe ${name}.`, 'campo_obrigatorio')),
    v.maxLength(max, issueMessage(`no máximo ${max} caracteres (leiaute da NF-e).`, 'Encurte o valor.')),
  );

const digits = (size: number, label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(20, issueMessage('no máximo 20 caracteres (leiaute da NF-e).', 'Encurte o valor.')),
    v.transform((s) => s.replace(/\./g, '')),
    v.regex(
      new RegExp(`^\\d{${size}}$`),
      issueMessage(`${label} tem ${size} dígitos.`, `Informe os ${size} dígitos do ${label}, com ou sem pontos.`),
    ),
  );

const cst = v.nullish(v.pipe(v.string(), v.regex(/^\d{2}$/, issueMessage('CST com 2 dígitos.', LAYOUT))));
const aliquota = v.nullish(
  v.pipe(
    v.string(
      issueMessage('deve ser texto.', 'Envie a alíquota como string decimal, por exemplo "18.00".', 'tipo_invalido'),
    ),
    v.check(
      (s) => ALIQUOTA.test(s) && new Decimal(s).lte(100),
      issueMessage('alíquota em percentual de 0 a 100, até 4 casas decimais.', LAYOUT),
    ),
  ),
);
const tributo = v.strictObject({ cst, aliquota });
const tributoIpi = v.strictObject({
  cst,
  aliquota,
  cEnq: v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^\d{3}$/,
        issueMessage(
          'código de enquadramento do IPI (cEnq) com 3 dígitos.',
          'Use "999" quando não houver enquadramento específico.',
        ),
      ),
    ),
  ),
  ex: v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^\d{2}$/,
        issueMessage('Ex-tarifário da TIPI com 2 dígitos.', 'Informe o número do Ex da TIPI, por exemplo "01".'),
      ),
    ),
  ),
});
const cClassTrib = (tabela: string) =>
  v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^\d{6}$/,
        issueMessage(
          'classificação tributária (cClassTrib) com 6 dígitos.',
          `Informe o cClassTrib da tabela ${tabela}, por exemplo "000001".`,
        ),
      ),
    ),
  );
const cst3 = (tributo: string) =>
  v.nullish(v.pipe(v.string(), v.regex(/^\d{3}$/, issueMessage(`CST ${tributo} com 3 dígitos.`, LAYOUT))));
const tributoIbsCbs = v.strictObject({
  cst: cst3('do IBS/CBS'),
  cClassTrib: cClassTrib('do IBS/CBS'),
  pDif: aliquota,
  cClassTribReg: cClassTrib('do IBS/CBS'),
});
const tributoIs = v.strictObject({
  cst: cst3('do Imposto Seletivo'),
  cClassTrib: cClassTrib('do Imposto Seletivo'),
  aliquota,
});
/** A margin (MVA) in percent: above 100 is common (beverages 140 %), up to 4 decimals (pMVAST, TDec_0302a04). */
const margem = v.nullish(
  v.pipe(
    v.string(
      issueMessage('deve ser texto.', 'Envie a margem como string decimal, por exemplo "71.78".', 'tipo_invalido'),
    ),
    v.regex(/^\d{1,3}(\.\d{1,4})?$/, issueMessage('margem em percentual, até 999 com 4 casas decimais.', LAYOUT)),
  ),
);

/**
 * The ICMS members of a product's profile (and of a company's tax rule that overrides it member by member).
 * cBenef: 8 or 10 characters (leiauteNFe_v4.00.xsd, cBenef of prod), or the literal "SEM CBENEF" some UFs accept.
 */
export const tributoIcms = v.strictObject({
  cst,
  csosn: v.nullish(v.pipe(v.string(), v.regex(/^\d{3}$/, issueMessage('CSOSN com 3 dígitos.', LAYOUT)))),
  aliquota,
  reducaoBc: aliquota,
  mva: margem,
  aliquotaSt: aliquota,
  reducaoBcSt: aliquota,
  fcp: aliquota,
  fcpSt: aliquota,
  diferimento: aliquota,
  cBenef: v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^([!-ÿ]{8}|[!-ÿ]{10}|SEM CBENEF)$/,
        issueMessage(
          'código de benefício fiscal (cBenef) com 8 ou 10 caracteres.',
          'Informe o código da tabela de benefícios da UF, por exemplo "SP010001", ou "SEM CBENEF" onde a UF o aceita.',
        ),
      ),
    ),
  ),
  metodoDifal: v.nullish(
    v.picklist(
      ['base_unica', 'base_dupla'],
      issueMessage(
        'método do DIFAL é "base_unica" ou "base_dupla".',
        'Use "base_unica" (lei nacional para não contribuinte) ou "base_dupla" onde a UF de destino a adota.',
      ),
    ),
  ),
  motivoDesoneracao: v.nullish(
    v.picklist(
      TODOS_MOTIVOS_DESONERACAO,
      issueMessage(
        'motivo da desoneração (motDesICMS) é um código do leiaute da NF-e.',
        `Use um de: ${TODOS_MOTIVOS_DESONERACAO.join(', ')} (o grupo do CST aceita só parte deles).`,
      ),
    ),
  ),
  deduzDesoneracao: v.nullish(
    v.boolean(
      issueMessage(
        'deve ser booleano.',
        'true: o ICMS desonerado deduz do valor do item (indDeduzDeson 1); false: não deduz.',
        'tipo_invalido',
      ),
    ),
  ),
});

const tributacao = v.strictObject({
  cfop: v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^[1-7]\d{3}$/,
        issueMessage(
          'CFOP tem 4 dígitos e começa por 1 a 7.',
          'Informe o CFOP padrão de saída do produto, por exemplo "5102".',
        ),
      ),
    ),
  ),
  icms: v.nullish(tributoIcms),
  ipi: v.nullish(tributoIpi),
  pis: v.nullish(tributo),
  cofins: v.nullish(tributo),
  ibsCbs: v.nullish(tributoIbsCbs),
  is: v.nullish(tributoIs),
});

const ORIGEM = issueMessage(
  'origem da mercadoria é um código de 0 a 8 (tabela de origem do ICMS).',
  'Use "0" para nacional, "1" ou "2" para estrangeira, "3" a "8" conforme o conteúdo de importação.',
);

/**
 * The members a product's body declares, shared by creation and PATCH. NCM, CEST and GTIN are checked against
 * the official tables by `checkProdutoCodes` once the shape is right.
 */
export const produtoFields = {
  descricao: text(120, 'descricao'),
  ncm: digits(8, 'NCM'),
  cest: v.nullable(digits(7, 'CEST')),
  // Any length passes here so that a wrong one is reported as gtin_invalido by the GTIN check; "SEM GTIN" = none.
  gtin: v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(40, issueMessage('no máximo 40 caracteres (leiaute da NF-e).', 'Encurte o valor.')),
      v.transform((s): string | null => (s === '' || s.toUpperCase() === SEM_GTIN ? null : s)),
    ),
  ),
  unidade: text(6, 'unidade'),
  origem: v.pipe(
    v.unknown(),
    v.transform(codeText),
    v.string(
      issueMessage(
        'origem da mercadoria é um código de 0 a 8 (tabela de origem do ICMS), em texto.',
        'Use "0" para nacional, "1" ou "2" para estrangeira, "3" a "8" conforme o conteúdo de importação.',
        'tipo_invalido',
      ),
    ),
    v.trim(),
    v.regex(/^[0-8]$/, ORIGEM),
  ),
  tributacao: v.nullable(tributacao),
};

/** ICMS takes a CST or a CSOSN, never both: a rule across members, checked on the result. */
export function refineProdutoFields(body: { tributacao?: unknown }, report: BodyReport): void {
  const icms = (body.tributacao as { icms?: { cst?: unknown; csosn?: unknown } } | null | undefined)?.icms;
  if (
    typeof icms?.cst === 'string' &&
    typeof icms.csosn === 'string' &&
    report.valid('/tributacao/icms/cst') &&
    report.valid('/tributacao/icms/csosn')
  ) {
    report.add({
      codigo: 'formato_invalido',
      campo: '/tributacao/icms',
      mensagem: 'informe cst ou csosn, não os dois.',
      correcao: 'CSOSN é do Simples Nacional; CST dos demais regimes.',
    });
  }
}

/** The stored tax defaults: members left out or null are not kept. */
export function storedTributacao(value: v.InferOutput<typeof tributacao> | null | undefined): Tributacao | null {
  if (!value) return null;
  const out: Tributacao = {};
  if (value.cfop != null) out.cfop = value.cfop;
  for (const grupo of ['icms', 'ipi', 'pis', 'cofins', 'ibsCbs', 'is'] as const) {
    const g = value[grupo] as Record<string, string | null | undefined> | null | undefined;
    if (!g) continue;
    (out as Record<string, Record<string, string>>)[grupo] = Object.fromEntries(
      Object.entries(g).filter((e): e is [string, string] => e[1] != null),
    );
  }
  return out;
}
