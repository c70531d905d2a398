import { type Credentials } from '../autoridades/endpoint.js';
import { EngineError } from '../errors.js';
import type { Environment } from '../nucleo/environment.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
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
  const ajustes: NfeAjuste[] = [];
  const erros: ValidationIssue[] = [];
  if (!isObjeto(body) || !isObjeto(body.destinatario) || typeof body.destinatario.documento !== 'string')
    return { body, ajustes, erros };
  const doc = documentoFederal(body.destinatario.documento);
  if (!doc) return { body, ajustes, erros };
  const dest: Objeto = { ...body.destinatario };
  const preencher = (alvo: Objeto, campo: string, valor: string | null, regra: NfeRegra, ponteiro: string) => {
    if (valor && vazio(alvo, campo)) {
      alvo[campo] = valor;
      ajustes.push(nfeAjuste(regra, ponteiro));
    }
  };

  if (doc.tipo === 'cnpj' && (vazio(dest, 'nome') || dest.endereco === undefined)) {
    const empresa = await consultar(
      () => ctx.cadastros.cnpj.consultar(doc.numero),
      'O cadastro de CNPJ',
      'destinatario.nome e destinatario.endereco',
    );
    if (!empresa) {
      erros.push({
        codigo: 'destinatario_nao_encontrado',
        campo: `${BASE}/documento`,
        mensagem: `O CNPJ ${doc.numero} não consta do cadastro de CNPJ da Receita Federal.`,
        correcao: 'Confira o CNPJ do destinatário, ou informe destinatario.nome e destinatario.endereco.',
      });
    } else {
      preencher(
        dest,
        'nome',
        empresa.razaoSocial.slice(0, 60).trim(),
        'nfe_destinatario_cadastro_cnpj',
        `${BASE}/nome`,
      );
      if (dest.endereco === undefined) {
        const endereco: Objeto = {};
        for (const campo of CAMPOS_ENDERECO) {
          preencher(
            endereco,
            campo,
            empresa.endereco[campo as keyof EnderecoCadastro],
            'nfe_destinatario_cadastro_cnpj',
            `${BASE}/endereco/${campo}`,
          );
        }
        if (Object.keys(endereco).length) dest.endereco = endereco;
      }
    }
  }

  if (
    isObjeto(dest.endereco) &&
    typeof dest.endereco.cep === 'string' &&
    ['logradouro', 'bairro', 'municipio'].some((k) => vazio(dest.endereco as Objeto, k))
  ) {
    const endereco: Objeto = { ...dest.endereco };
    const cepLimpo = (endereco.cep as string).replace(/[.\-\s]/g, '');
    if (/^\d{8}$/.test(cepLimpo)) {
      const cep = await consultar(
        () => ctx.cadastros.cep.consultar(cepLimpo),
        'A consulta de CEP',
        'o endereço completo (logradouro, bairro e município)',
      );
      if (!cep) {
        erros.push({
          codigo: 'cep_inexistente',
          campo: `${BASE}/endereco/cep`,
          mensagem: `O CEP ${cepLimpo} não existe.`,
          correcao: 'Confira o CEP, ou informe logradouro, bairro e município do endereço.',
        });
      } else {
        for (const campo of ['logradouro', 'bairro', 'municipio'] as const) {
          preencher(endereco, campo, cep[campo], 'nfe_destinatario_endereco_cep', `${BASE}/endereco/${campo}`);
        }
        dest.endereco = endereco;
      }
    }
  }

  const ufDestino =
    isObjeto(dest.endereco) && typeof dest.endereco.municipio === 'string'
      ? (municipio(dest.endereco.municipio)?.uf ?? null)
      : null;
  if (vazio(dest, 'contribuinte') && vazio(dest, 'inscricaoEstadual') && ufDestino) {
    try {
      const r = await ctx.cadastros.contribuinte.consultar({
        environment: ctx.environment,
        uf: ufDestino,
        documento: doc.numero,
        tipo: doc.tipo,
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

  return { body: { ...body, destinatario: dest }, ajustes, erros };
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
