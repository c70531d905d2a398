import { Decimal } from 'decimal.js';
import { camelName as camel } from '../nucleo/validation-issues-of.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { EngineError } from '../errors.js';
import { Coletor } from '../nucleo/coletor.js';
import { computeTributos, type TributosDoItem } from '../tributos/compute-tributos.js';
import { ForaDeCobertura } from '../tributos/fora-de-cobertura.js';
import { TributoRecusado } from '../tributos/tributo-recusado.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import type { NfeItem, NfeRequest } from './nfe-request.js';
import { recomputeIbsCbs } from './recompute-ibs-cbs.js';
import type { OperacaoTributavel } from '../tributos/item-tributavel.js';
import { itemTributavel, operacaoTributavel, semTributacao } from './operacao-tributavel.js';
import { loadProdutosERegras } from './load-produtos-e-regras.js';
import { invalidNfeRequest, type NfeBody } from './nfe-body.js';
import type { NfeItemBody } from './nfe-item-body.js';
import { regrasDoCampo } from './ajustes-regras-empresa.js';
import { produtoComRegras } from './produto-com-regras.js';

/** The layout's tolerance on each calculated amount (MOC 4.00: values may differ by one cent from base × rate). */
const TOLERANCIA = new Decimal('0.01');
const GRUPOS = ['icms', 'ipi', 'pis', 'cofins', 'icms_uf_dest', 'ibs_cbs', 'is'] as const;

/**
 * `modo` `conferir`: the note goes with the caller's values; each item is recomputed from its catalogue product
 * (found by the item's `codigo`, the SKU) with the item's own NCM, origin, CEST and amounts, and each value that
 * differs beyond the tolerance is an adjustment nfe_conferencia_divergencia (`valor` expected, `enviado` sent).
 * An item whose code is not a catalogue product has its IBS/CBS recomputed from its own classification and
 * amounts. What the engine does not cover — an informed operation, an item without tax profile, a case outside
 * the coverage, the ICMS/PIS/COFINS choice of a non-catalogue item — is nfe_conferencia_fora_de_cobertura: never
 * a silent pass. With
 * `parar_em_divergencia: true` a divergence stops the note: 422 nfe_conferencia_divergente with the adjustments.
 */
export async function verifyNfeTaxes(
  deps: Pick<EngineDeps, 'sql' | 'clock'>,
  principal: Principal,
  company: CompanyWithCertificate,
  body: Partial<NfeBody>,
  request: NfeRequest,
): Promise<NfeAjuste[]> {
  const c = new Coletor();
  const ajustes: NfeAjuste[] = [];
  const { operacao, op } = operacaoTributavel(body, company, deps.clock.now(), c, ajustes);
  const parar = body.pararEmDivergencia;
  if (c.issues.length) throw invalidNfeRequest(c.issues);
  const fora = (campo: string, motivo: string) =>
    ajustes.push({ ...nfeAjuste('nfe_conferencia_fora_de_cobertura', campo), motivo });
  if (!op) {
    fora('/operacao', `A operação ${operacao} é informada: os tributos enviados seguem sem conferência.`);
    return ajustes;
  }
  const { produtos, regras } = await loadProdutosERegras(
    deps,
    principal,
    company.id,
    request.itens.map((i) => i.codigo),
  );
  const enviados = (body.itens ?? []) as Partial<NfeItemBody>[];
  request.itens.forEach((item, i) => {
    const campo = `/itens/${i}`;
    const doCatalogo = produtos.get(item.codigo);
    if (!doCatalogo) return semCatalogo(item, enviados[i]!, campo, op, { ajustes, fora });
    // The rules read the item's own NCM and CEST, the ones the recalculation uses.
    const { produto, resolvida } = produtoComRegras(doCatalogo, op, regras, { ncm: item.ncm, cest: item.cest ?? null });
    const semPerfil = new Coletor();
    if (semTributacao(produto, `${campo}/codigo`, semPerfil)) return fora(campo, semPerfil.issues[0]!.mensagem);
    let esperado: TributosDoItem;
    try {
      esperado = computeTributos(itemTributavel(produto, enviados[i]!, item.ncm, item.origem, item.cest ?? null), op);
    } catch (err) {
      // The product's profile refused (in conferir the product is named by the item's codigo): nothing to compare with.
      if (err instanceof TributoRecusado)
        return fora(`${campo}${err.campo === '/produto' ? '/codigo' : err.campo}`, err.message);
      if (!(err instanceof ForaDeCobertura)) throw err;
      return fora(`${campo}${err.campo}`, err.message);
    }
    ajustes.push(
      ...divergencias(esperado, enviados[i]!, campo).map((a) => ({
        ...a,
        ...regrasDoCampo(a.campo.slice(campo.length), resolvida),
      })),
    );
  });
  if (parar === true && ajustes.some((a) => a.acao === 'divergente')) {
    throw new EngineError(
      'nfe_conferencia_divergente',
      'Os tributos enviados divergem do recálculo e parar_em_divergencia pediu para não emitir.',
      {
        campo: ajustes.find((a) => a.acao === 'divergente')!.campo,
        correcao:
          'Corrija os valores que ajustes aponta (valor esperado em valor, o enviado em enviado) ou envie sem parar_em_divergencia.',
        extra: { ajustes },
      },
    );
  }
  return ajustes;
}

/**
 * An item whose code is not a catalogue product: its IBS/CBS (and IS) are recomputed from its own classification
 * and amounts (recomputeIbsCbs) and compared; its ICMS, PIS and COFINS cannot be chosen without a profile, and
 * their arithmetic (value = base × rate) is the body's rule in every mode, so the adjustment says so.
 */
function semCatalogo(
  item: NfeItem,
  enviado: Partial<NfeItemBody>,
  campo: string,
  op: OperacaoTributavel,
  { ajustes, fora }: { ajustes: NfeAjuste[]; fora: (campo: string, motivo: string) => void },
): void {
  const sem = `O código ${item.codigo} não é um produto do catálogo: ICMS, PIS e COFINS seguem conferidos só na aritmética (base × alíquota)`;
  // The Simples Nacional leaves the IBS/CBS out (compute-tributos.ts): nothing to recompute then.
  const simples = op.regime === 'simples_nacional' || op.regime === 'mei';
  let esperado: ReturnType<typeof recomputeIbsCbs> = null;
  try {
    esperado = simples ? null : recomputeIbsCbs(item, op);
  } catch (err) {
    if (!(err instanceof ForaDeCobertura)) throw err;
    return fora(`${campo}${err.campo}`, `${sem}; ${err.message}`);
  }
  if (!esperado) return fora(campo, `${sem}; o item não leva IBS/CBS a recalcular.`);
  fora(campo, `${sem}; o IBS/CBS foi recalculado pelo cClassTrib e pelos valores do próprio item.`);
  ajustes.push(...divergencias(esperado, enviado, campo));
}

/** Each member of the recalculated groups that the sent item lacks or carries with another value. */
function divergencias(
  esperado: Partial<Omit<TributosDoItem, 'regras'>> & Pick<TributosDoItem, 'regras'>,
  enviado: Partial<NfeItemBody>,
  campo: string,
): NfeAjuste[] {
  const out: NfeAjuste[] = [];
  const comparar = (ponteiro: string, valor: string, dado: unknown) => {
    const texto = typeof dado === 'string' ? dado : dado === undefined || dado === null ? null : String(dado);
    if (texto !== null && iguais(ponteiro, valor, texto)) return;
    const regra = esperado.regras.find((r) => `${campo}${r.campo}` === ponteiro);
    out.push({
      ...nfeAjuste('nfe_conferencia_divergencia', ponteiro),
      motivo: `Esperado ${valor}, enviado ${texto ?? 'nada'}${regra ? ` (${regra.motivo})` : ''}.`,
      ...(regra ? { versao: regra.versao, fonte: regra.fonte } : {}),
      valor,
      enviado: texto,
    });
  };
  if (esperado.cfop) comparar(`${campo}/cfop`, esperado.cfop, enviado.cfop);
  for (const g of GRUPOS) {
    const grupo = esperado[g];
    if (!grupo) continue;
    const dado = (enviado[camel(g) as keyof NfeItemBody] ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(grupo)) {
      // vIBS and the monophasic totals left out are sums of the parts sent (nfe_ibs_soma_uf_municipio,
      // nfe_ibs_cbs_mono_total_item): the parts are what is checked.
      if (g === 'ibs_cbs' && /^v_(ibs|tot_ibs_mono_item|tot_cbs_mono_item)$/.test(k) && dado[camel(k)] === undefined)
        continue;
      comparar(`${campo}/${g}/${k}`, v, dado[camel(k)]);
    }
  }
  return out;
}

/** Amounts (v_…) within the tolerance; rates and codes equal as numbers or as texts. */
function iguais(ponteiro: string, esperado: string, enviado: string): boolean {
  const membro = ponteiro.slice(ponteiro.lastIndexOf('/') + 1);
  const numeros = /^\d+(\.\d+)?$/.test(esperado) && /^\d+(\.\d+)?$/.test(enviado);
  if (
    !numeros ||
    /^(cst|csosn|c_enq|c_class_trib|cfop|mod_bc|mod_bc_st|cst_reg|c_class_trib_reg|cst_is|c_class_trib_is)$/.test(
      membro,
    )
  )
    return esperado === enviado;
  if (membro.startsWith('v_')) return new Decimal(esperado).minus(enviado).abs().lte(TOLERANCIA);
  return new Decimal(esperado).eq(enviado);
}
