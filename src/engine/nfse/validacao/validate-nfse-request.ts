import { Decimal } from 'decimal.js';
import { servicoNacional, parametrosMunicipio } from '../../tabelas/index.js';
import { computeAdjustments, type ValoresEfetivos } from '../ajustes/compute-adjustments.js';
import type { Ajuste } from '../ajustes/catalogo-regras.js';
import { competenciaDe } from '../ajustes/competencia-de.js';
import { isValidAccessKey } from '../nacional/access-key.js';
import { documentoFederal, mesmoContribuinte } from '../../nucleo/documento-federal.js';
import { Coletor, lerObjeto, lerTexto, presente, ptr, type Objeto } from '../../nucleo/coletor.js';
import { lerCep, lerMunicipio, validarRegrasDoCodigo, validarServico } from './validar-servico.js';
import { validarClassificacaoIbsCbs } from './validar-classificacao-ibs-cbs.js';
import type {
  CodigoMotivoSubstituicao, EnderecoRequest, NfseRequest, ServicoRequest, SubstituicaoRequest, TomadorRequest,
  ValidationContext,
} from './nfse-request.js';
import type { ValidationIssue } from '../../nucleo/validation-issue.js';

export interface ValidationResult {
  /** Every problem of the body, all at once (empty when valid). */
  erros: ValidationIssue[];
  /** The normalized request, only when there is no error. */
  request?: NfseRequest;
  /** Adjustments the service will apply; present when the company is known and the body is valid. */
  ajustes?: Ajuste[];
  /** Effective values after the adjustments. */
  resolved?: ValoresEfetivos;
}

const CAMPOS_RAIZ = ['empresa_id', 'referencia', 'competencia', 'tomador', 'valor', 'servico', 'substituicao', 'prestador', 'informacoes_complementares'] as const;
const CAMPOS_TOMADOR = ['documento', 'nome', 'email', 'telefone', 'inscricao_municipal', 'endereco'] as const;
const CAMPOS_ENDERECO = ['cep', 'logradouro', 'numero', 'complemento', 'bairro', 'municipio'] as const;
const CAMPOS_SUBSTITUICAO = ['nfse_id', 'chave_acesso', 'codigo_motivo', 'motivo'] as const;
const CAMPOS_PRESTADOR = ['inscricao_municipal'] as const;
const MOTIVOS: readonly CodigoMotivoSubstituicao[] = ['01', '02', '03', '04', '05', '99'];
// TSDec15V2: up to 13 integer digits and 2 decimals.
const VALOR = /^\d{1,13}(\.\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Validates an NFS-e issuance body (also `POST /v1/nfse/validacoes` and each batch item) and reports
 * every error at once. Pure: the company, the key restriction and the clock come from `ctx`.
 */
export function validateNfseRequest(body: unknown, ctx: ValidationContext): ValidationResult {
  const c = new Coletor();
  const raiz = lerObjeto(body, '', CAMPOS_RAIZ, c);
  if (!raiz) return { erros: c.issues };

  const empresaId = lerTexto(raiz, 'empresa_id', '/empresa_id', c, {
    obrigatorio: ctx.chaveRestritaEmpresa ? undefined : 'O empresa_id', nome: 'O empresa_id',
  });

  let referencia: string | undefined;
  if (presente(raiz, 'referencia')) {
    referencia = lerTexto(raiz, 'referencia', '/referencia', c, { nome: 'A referência' });
    if (referencia !== undefined && [...referencia].length > 60) {
      c.add('referencia_muito_longa', '/referencia', `A referência tem ${[...referencia].length} caracteres; o máximo é 60.`,
        'Use uma referência de até 60 caracteres, única por empresa e ambiente.');
      referencia = undefined;
    }
  }

  const competencia = lerCompetencia(raiz, ctx.now, c);
  const tomador = presente(raiz, 'tomador') ? validarTomador(raiz.tomador, c) : (c.obrigatorio('/tomador', 'O tomador', 'Informe tomador.documento (CPF ou CNPJ).'), null);
  const valor = lerValor(raiz, c);
  const servico = presente(raiz, 'servico') ? validarServico(raiz.servico, c) : (c.obrigatorio('/servico', 'O serviço', 'Informe servico.descricao.'), null);
  const substituicao = presente(raiz, 'substituicao') ? validarSubstituicao(raiz.substituicao, c) : undefined;

  let prestador: NfseRequest['prestador'];
  if (presente(raiz, 'prestador')) {
    const p = lerObjeto(raiz.prestador, '/prestador', CAMPOS_PRESTADOR, c);
    const im = lerTexto(p, 'inscricao_municipal', '/prestador/inscricao_municipal', c, { max: 15, nome: 'A inscrição municipal' });
    prestador = im ? { inscricao_municipal: im } : {};
  }
  const info = lerTexto(raiz, 'informacoes_complementares', '/informacoes_complementares', c, { max: 2000, nome: 'As informações complementares' });

  const empresa = ctx.empresa ?? null;
  if (empresa && tomador?.documento && mesmoContribuinte(tomador.documento, empresa.cnpj)) {
    c.add('tomador_igual_prestador', '/tomador/documento', 'O tomador é o próprio prestador (mesma raiz de CNPJ).',
      'Informe o CPF ou CNPJ de quem contratou o serviço; uma empresa não emite NFS-e para si mesma.', 'E0202');
  }

  // Rules that depend on the service code actually used: the request's or the company default.
  let codigoEfetivo: string | undefined;
  if (servico) {
    const padrao = empresa?.padroes?.codigo_nacional ?? undefined;
    const codigoEnviado = presente(raiz.servico as Objeto, 'codigo_nacional');
    codigoEfetivo = servico.codigo_nacional ?? (!codigoEnviado && padrao && servicoNacional(padrao) ? padrao : undefined);
    if (!codigoEnviado && !codigoEfetivo && empresa) {
      c.obrigatorio('/servico/codigo_nacional', 'O código de tributação nacional',
        'Informe servico.codigo_nacional (6 dígitos) ou configure o código padrão da empresa.');
    }
    validarRegrasDoCodigo(codigoEfetivo, presente(raiz.servico as Objeto, 'obra'), servico.nbs, c);
  }

  // ISS rate: required by the DPS presence rules and missing from request, defaults and official parameters.
  let ajustes: Ajuste[] | undefined;
  let resolved: ValoresEfetivos | undefined;
  const baseAjustesOk = servico && competencia !== null &&
    !['/servico/codigo_nacional', '/servico/aliquota_iss', '/servico/iss_retido', '/servico/obra', '/servico/municipio_prestacao']
      .some((campo) => c.temErroEm(campo));
  if (empresa && baseAjustesOk) {
    const r = computeAdjustments(
      { competencia, tomador: tomador ?? undefined, servico, prestador },
      empresa, ctx.parametros ?? parametrosMunicipio, { now: ctx.now },
    );
    if (r.resolved.aliquota_iss_situacao === 'exigida' && !r.resolved.aliquota_iss) {
      const motivo = r.ajustes.find((a) => a.acao === 'exigido')?.motivo ?? 'A alíquota do ISS é obrigatória.';
      c.add('aliquota_iss_obrigatoria', '/servico/aliquota_iss',
        `${motivo} Nem a requisição, nem os padrões da empresa, nem os parâmetros oficiais do município trazem uma alíquota única para o serviço na competência ${r.resolved.competencia}.`,
        'Informe servico.aliquota_iss (por exemplo "2.00") ou configure a alíquota padrão da empresa.');
    }
    if (!c.temErroEm('/servico/ibs_cbs') && !c.temErroEm('/servico/nbs')) validarClassificacaoIbsCbs(r.resolved, servico.ibs_cbs, c);
    ajustes = r.ajustes;
    resolved = r.resolved;
  }

  if (c.issues.length > 0) return { erros: c.issues };
  const request: NfseRequest = {
    ...(empresaId !== undefined && { empresa_id: empresaId }),
    ...(referencia !== undefined && { referencia }),
    ...(competencia && { competencia }),
    tomador: tomador as TomadorRequest,
    valor: valor as string,
    servico: servico as ServicoRequest,
    ...(substituicao && { substituicao }),
    ...(prestador && { prestador }),
    ...(info !== undefined && { informacoes_complementares: info }),
  };
  return { erros: [], request, ...(ajustes && { ajustes }), ...(resolved && { resolved }) };
}

/** undefined = absent (default applies later), null = invalid. */
function lerCompetencia(raiz: Objeto, now: Date, c: Coletor): string | undefined | null {
  if (!presente(raiz, 'competencia')) return undefined;
  const v = raiz.competencia;
  if (typeof v !== 'string') {
    c.tipoInvalido('/competencia', 'texto no formato AAAA-MM', v);
    return null;
  }
  const atual = competenciaDe(now);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v.trim())) {
    c.add('competencia_invalida', '/competencia', `A competência "${v}" não está no formato AAAA-MM.`,
      `Informe o mês de competência como AAAA-MM, por exemplo "${atual}".`);
    return null;
  }
  if (v.trim() > atual) {
    // Anexo I E0015: the competence cannot be after the emission date.
    c.add('competencia_invalida', '/competencia', `A competência ${v.trim()} está no futuro (mês atual: ${atual}).`,
      `Informe o mês em que o serviço foi prestado, até ${atual}.`, 'E0015');
    return null;
  }
  return v.trim();
}

function lerValor(raiz: Objeto, c: Coletor): string | undefined {
  if (!presente(raiz, 'valor')) {
    c.obrigatorio('/valor', 'O valor', 'Informe valor como texto com ponto decimal, por exemplo "1500.00".');
    return undefined;
  }
  const v = raiz.valor;
  if (typeof v !== 'string') {
    c.tipoInvalido('/valor', 'texto decimal (por exemplo "1500.00")', v);
    return undefined;
  }
  const t = v.trim();
  if (!VALOR.test(t) || new Decimal(t).lte(0)) {
    c.formato('/valor', `O valor "${v}" não é um valor monetário válido.`,
      'Informe um valor maior que zero como texto, com ponto decimal e no máximo duas casas, por exemplo "1500.00" (sem separador de milhar).');
    return undefined;
  }
  return new Decimal(t).toFixed(2);
}

function validarTomador(v: unknown, c: Coletor): TomadorRequest | null {
  const base = '/tomador';
  const o = lerObjeto(v, base, CAMPOS_TOMADOR, c);
  if (!o) return null;
  const doc = lerTexto(o, 'documento', ptr(base, 'documento'), c, { obrigatorio: 'O documento do tomador', nome: 'O documento do tomador' });
  let documento: ReturnType<typeof documentoFederal> = null;
  if (doc !== undefined) {
    documento = documentoFederal(doc);
    if (!documento) {
      c.add('documento_invalido', ptr(base, 'documento'), `O documento "${doc}" não é um CPF nem um CNPJ válido (tamanho ou dígitos verificadores).`,
        'Informe o CPF (11 dígitos) ou o CNPJ (14 caracteres; o CNPJ alfanumérico é aceito) do tomador, conferindo os dígitos verificadores.');
    }
  }
  const t: Partial<TomadorRequest> = {};
  const nome = lerTexto(o, 'nome', ptr(base, 'nome'), c, { max: 300, nome: 'O nome do tomador' });
  const email = lerTexto(o, 'email', ptr(base, 'email'), c, { max: 80, nome: 'O e-mail do tomador' });
  if (email !== undefined && !EMAIL.test(email)) {
    c.formato(ptr(base, 'email'), `O e-mail "${email}" não é válido.`, 'Informe um endereço de e-mail como nome@dominio.com.br.');
  } else if (email) t.email = email;
  const telefone = lerTexto(o, 'telefone', ptr(base, 'telefone'), c, { nome: 'O telefone do tomador' });
  if (telefone !== undefined) {
    const digitos = telefone.replace(/[\s()\-+.]/g, '');
    if (!/^\d{6,20}$/.test(digitos)) c.formato(ptr(base, 'telefone'), `O telefone "${telefone}" não é válido.`, 'Informe de 6 a 20 dígitos, com DDD.');
    else t.telefone = digitos;
  }
  const im = lerTexto(o, 'inscricao_municipal', ptr(base, 'inscricao_municipal'), c, { max: 15, nome: 'A inscrição municipal do tomador' });
  const endereco = presente(o, 'endereco') ? validarEndereco(o.endereco, ptr(base, 'endereco'), c) : undefined;
  if (!documento) return null;
  return {
    documento: documento.numero,
    tipo_documento: documento.tipo,
    ...(nome && { nome }),
    ...t,
    ...(im && { inscricao_municipal: im }),
    ...(endereco && { endereco }),
  };
}

function validarEndereco(v: unknown, base: string, c: Coletor): EnderecoRequest | undefined {
  const o = lerObjeto(v, base, CAMPOS_ENDERECO, c);
  if (!o) return undefined;
  // DPS endNac: CEP, xLgr, nro and xBairro are required; the municipality may come from the CEP.
  const cep = lerCep(o, 'cep', ptr(base, 'cep'), c, 'O CEP');
  if (!presente(o, 'cep')) c.obrigatorio(ptr(base, 'cep'), 'O CEP do endereço');
  const logradouro = lerTexto(o, 'logradouro', ptr(base, 'logradouro'), c, { obrigatorio: 'O logradouro', max: 255, nome: 'O logradouro' });
  const numero = lerTexto(o, 'numero', ptr(base, 'numero'), c, { obrigatorio: 'O número do endereço', max: 60, nome: 'O número' });
  const complemento = lerTexto(o, 'complemento', ptr(base, 'complemento'), c, { max: 156, nome: 'O complemento' });
  const bairro = lerTexto(o, 'bairro', ptr(base, 'bairro'), c, { obrigatorio: 'O bairro', max: 60, nome: 'O bairro' });
  const municipio = lerMunicipio(o, 'municipio', ptr(base, 'municipio'), c, 'O município do endereço');
  if (!cep) return undefined;
  return {
    cep,
    ...(logradouro && { logradouro }),
    ...(numero && { numero }),
    ...(complemento && { complemento }),
    ...(bairro && { bairro }),
    ...(municipio && { municipio }),
  };
}

function validarSubstituicao(v: unknown, c: Coletor): SubstituicaoRequest | undefined {
  const base = '/substituicao';
  const o = lerObjeto(v, base, CAMPOS_SUBSTITUICAO, c);
  if (!o) return undefined;
  const nfseId = lerTexto(o, 'nfse_id', ptr(base, 'nfse_id'), c, { max: 60, nome: 'O nfse_id' });
  const chaveBruta = lerTexto(o, 'chave_acesso', ptr(base, 'chave_acesso'), c, { nome: 'A chave de acesso' });
  let chave: string | undefined;
  if (chaveBruta !== undefined) {
    const k = chaveBruta.toUpperCase();
    if (!isValidAccessKey(k)) {
      c.formato(ptr(base, 'chave_acesso'), 'A chave de acesso deve ter 50 caracteres e dígito verificador válido.',
        'Copie a chave de acesso de 50 caracteres da NFS-e a substituir.', 'E0042');
    } else chave = k;
  }
  const ids = [presente(o, 'nfse_id'), presente(o, 'chave_acesso')].filter(Boolean).length;
  if (ids === 0) {
    c.add('campo_obrigatorio', base, 'A substituição deve indicar a nota substituída.',
      'Informe substituicao.nfse_id (nota emitida pelo serviço) ou substituicao.chave_acesso (nota emitida fora).');
  } else if (ids > 1) {
    c.formato(base, 'Informe apenas um entre nfse_id e chave_acesso.', 'Remova um dos dois identificadores da nota substituída.');
  }

  let codigo: CodigoMotivoSubstituicao | undefined;
  const campoCodigo = ptr(base, 'codigo_motivo');
  if (!presente(o, 'codigo_motivo')) c.obrigatorio(campoCodigo, 'O código do motivo da substituição', 'Informe substituicao.codigo_motivo: "01", "02", "03", "04", "05" ou "99".');
  else if (typeof o.codigo_motivo !== 'string') c.tipoInvalido(campoCodigo, 'texto ("01" a "05" ou "99")', o.codigo_motivo);
  else if (!MOTIVOS.includes(o.codigo_motivo.trim() as CodigoMotivoSubstituicao)) {
    c.formato(campoCodigo, `Código de motivo "${o.codigo_motivo}" inválido.`,
      'Use "01" (desenquadramento do Simples), "02" (enquadramento no Simples), "03" (inclusão retroativa de imunidade/isenção), "04" (exclusão retroativa de imunidade/isenção), "05" (rejeição pelo tomador/intermediário) ou "99" (outros, com motivo).');
  } else codigo = o.codigo_motivo.trim() as CodigoMotivoSubstituicao;

  const motivo = lerTexto(o, 'motivo', ptr(base, 'motivo'), c, { min: 15, max: 255, nome: 'O motivo da substituição' });
  if (codigo === '99' && !presente(o, 'motivo')) {
    c.add('motivo_obrigatorio', ptr(base, 'motivo'), 'O código de motivo 99 (outros) exige a descrição do motivo.',
      'Informe substituicao.motivo com 15 a 255 caracteres explicando a substituição.', 'E0078');
  }
  if (!codigo || ids !== 1) return undefined;
  return {
    ...(nfseId && { nfse_id: nfseId }),
    ...(chave && { chave_acesso: chave }),
    codigo_motivo: codigo,
    ...(motivo && { motivo }),
  };
}
