import { type Credentials } from '../autoridades/endpoint.js';
import { EngineError } from '../errors.js';
import type { Environment } from '../nucleo/environment.js';
import { documentoFederal, type DocumentoFederal } from '../nucleo/documento-federal.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { municipio } from '../tabelas/index.js';
import {
  CadastroIndisponivel,
  type CadastroGateways,
  type EnderecoCadastro,
} from '../autoridades/cadastros/cadastro-gateways.js';
import { nfeAjuste, type NfeAjuste, type NfeRegra } from './nfe-ajuste.js';

export interface PreencherDestinatarioContext {
  cadastros: CadastroGateways;
  environment: Environment;
  /** The issuer's A1, read only when the SEFAZ must be asked (its mutual TLS). */
  credentials: () => Promise<Credentials>;
}

export interface DestinatarioPreenchido {
  /** The body with what was filled in; the caller's body itself is not changed. */
  body: unknown;
  ajustes: NfeAjuste[];
  /** What the registries contradict: an unknown CNPJ or CEP. */
  erros: ValidationIssue[];
}

type Objeto = Record<string, unknown>;
const isObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);
const vazio = (o: Objeto, k: string) => o[k] === undefined || o[k] === null || o[k] === '';
const CAMPOS_ENDERECO = ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep'] as const;
const BASE = '/destinatario';

/**
 * The recipient of an NF-e, filled in where the caller left it out and only there: with a CNPJ, the name and the
 * address from the CNPJ registry; an address with a CEP, the street, district and municipality from the CEP;
 * without `contribuinte` (and without a state registration), the situation and the registration from the SEFAZ of
 * the recipient's UF. Each filled field is an adjustment. It runs on the body as sent, in its declared shape,
 * before the declaration judges it: what it fills is what the declaration would otherwise require. A body the
 * validation will refuse anyway (no recipient, an invalid document) is returned as it came.
 */
export async function fillDestinatario(
  body: unknown,
  ctx: PreencherDestinatarioContext,
): Promise<DestinatarioPreenchido> {
  const achados: Achados = { ajustes: [], erros: [] };
  if (!isObjeto(body) || !isObjeto(body.destinatario) || typeof body.destinatario.documento !== 'string')
    return { body, ...achados };
  const doc = documentoFederal(body.destinatario.documento);
  if (!doc) return { body, ...achados };
  const dest: Objeto = { ...body.destinatario };
  if (doc.tipo === 'cnpj' && (vazio(dest, 'nome') || dest.endereco === undefined))
    await fillFromCnpj(dest, doc.numero, ctx, achados);
  if (
    isObjeto(dest.endereco) &&
    typeof dest.endereco.cep === 'string' &&
    ['logradouro', 'bairro', 'municipio'].some((k) => vazio(dest.endereco as Objeto, k))
  )
    await fillFromCep(dest, ctx, achados);
  const ufDestino =
    isObjeto(dest.endereco) && typeof dest.endereco.municipio === 'string'
      ? (municipio(dest.endereco.municipio)?.uf ?? null)
      : null;
  if (vazio(dest, 'contribuinte') && vazio(dest, 'inscricaoEstadual') && ufDestino)
    await fillContribuinte(dest, { ...doc, uf: ufDestino }, ctx, achados.ajustes);
  return { body: { ...body, destinatario: dest }, ...achados };
}

/** What the steps found: the adjustment of each field they filled and what the registries contradict. */
type Achados = Pick<DestinatarioPreenchido, 'ajustes' | 'erros'>;

/** Sets `campo` of `alvo` where the caller left it empty and the registry has it; the adjustment says so. */
function preencher(alvo: Objeto, campo: string, valor: string | null, ajuste: NfeAjuste, ajustes: NfeAjuste[]): void {
  if (valor && vazio(alvo, campo)) {
    alvo[campo] = valor;
    ajustes.push(ajuste);
  }
}

/** Name and, when the caller sent no address at all, the address from the CNPJ registry. */
async function fillFromCnpj(
  dest: Objeto,
  cnpj: string,
  ctx: PreencherDestinatarioContext,
  achados: Achados,
): Promise<void> {
  const empresa = await consultar(
    () => ctx.cadastros.cnpj.consultar(cnpj),
    'O cadastro de CNPJ',
    'destinatario.nome e destinatario.endereco',
  );
  if (!empresa) {
    achados.erros.push({
      codigo: 'destinatario_nao_encontrado',
      campo: `${BASE}/documento`,
      mensagem: `O CNPJ ${cnpj} não consta do cadastro de CNPJ da Receita Federal.`,
      correcao: 'Confira o CNPJ do destinatário, ou informe destinatario.nome e destinatario.endereco.',
    });
    return;
  }
  const regra: NfeRegra = 'nfe_destinatario_cadastro_cnpj';
  const nome = empresa.razaoSocial.slice(0, 60).trim();
  preencher(dest, 'nome', nome, nfeAjuste(regra, `${BASE}/nome`), achados.ajustes);
  if (dest.endereco !== undefined) return;
  const endereco: Objeto = {};
  for (const campo of CAMPOS_ENDERECO) {
    const valor = empresa.endereco[campo as keyof EnderecoCadastro];
    preencher(endereco, campo, valor, nfeAjuste(regra, `${BASE}/endereco/${campo}`), achados.ajustes);
  }
  if (Object.keys(endereco).length) dest.endereco = endereco;
}

/** Street, district and municipality from the CEP, for an address that has a CEP and lacks one of them. */
async function fillFromCep(dest: Objeto, ctx: PreencherDestinatarioContext, achados: Achados): Promise<void> {
  const endereco: Objeto = { ...(dest.endereco as Objeto) };
  const cepLimpo = (endereco.cep as string).replace(/[.\-\s]/g, '');
  if (!/^\d{8}$/.test(cepLimpo)) return;
  const cep = await consultar(
    () => ctx.cadastros.cep.consultar(cepLimpo),
    'A consulta de CEP',
    'o endereço completo (logradouro, bairro e município)',
  );
  if (!cep) {
    achados.erros.push({
      codigo: 'cep_inexistente',
      campo: `${BASE}/endereco/cep`,
      mensagem: `O CEP ${cepLimpo} não existe.`,
      correcao: 'Confira o CEP, ou informe logradouro, bairro e município do endereço.',
    });
    return;
  }
  for (const campo of ['logradouro', 'bairro', 'municipio'] as const) {
    const ajuste = nfeAjuste('nfe_destinatario_endereco_cep', `${BASE}/endereco/${campo}`);
    preencher(endereco, campo, cep[campo], ajuste, achados.ajustes);
  }
  dest.endereco = endereco;
}

/** The recipient's situation and state registration, asked of the SEFAZ of its UF. */
async function fillContribuinte(
  dest: Objeto,
  documento: DocumentoFederal & { uf: string },
  ctx: PreencherDestinatarioContext,
  ajustes: NfeAjuste[],
): Promise<void> {
  try {
    const r = await ctx.cadastros.contribuinte.consultar({
      environment: ctx.environment,
      uf: documento.uf,
      documento: documento.numero,
      tipo: documento.tipo,
      credentials: await ctx.credentials(),
    });
    dest.contribuinte = r.situacao === 'habilitado' ? 'contribuinte' : r.situacao;
    ajustes.push(nfeAjuste('nfe_destinatario_consulta_cadastro', `${BASE}/contribuinte`));
    if (r.situacao === 'habilitado') {
      dest.inscricaoEstadual = r.inscricaoEstadual;
      ajustes.push(nfeAjuste('nfe_destinatario_consulta_cadastro', `${BASE}/inscricao_estadual`));
    }
  } catch (err) {
    if (!(err instanceof CadastroIndisponivel)) throw err;
    // Not knowing must not block a sale: the layout's "non-contributor" is what a note without a registration says.
    dest.contribuinte = 'nao_contribuinte';
    ajustes.push(nfeAjuste('nfe_destinatario_consulta_indisponivel', `${BASE}/contribuinte`));
  }
}

/** A registry's answer; unavailable → 503 servico_indisponivel naming what the caller can send instead. */
async function consultar<T>(load: () => Promise<T>, quem: string, alternativa: string): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof CadastroIndisponivel)) throw err;
    throw new EngineError('servico_indisponivel', `${quem} não respondeu; o destinatário não pôde ser completado.`, {
      campo: BASE,
      correcao: `Tente de novo em instantes, ou envie ${alternativa}.`,
    });
  }
}
