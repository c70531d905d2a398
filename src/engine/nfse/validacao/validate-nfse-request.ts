import { servicoNacional, parametrosMunicipio, capitulosNbsAceitos, nbsCompativel } from '../../tabelas/index.js';
import { computeAdjustments, type ValoresEfetivos } from '../ajustes/compute-adjustments.js';
import type { Ajuste } from '../ajustes/catalogo-regras.js';
import { competenciaDe } from '../ajustes/competencia-de.js';
import { documentoFederal, mesmoContribuinte } from '../../nucleo/documento-federal.js';
import { boundedIssues } from '../../nucleo/bounded-issues.js';
import { IssueIndex } from '../../nucleo/issue-index.js';
import { bodyIssues } from '../../nucleo/read-body.js';
import { nfseBody } from '../nfse-body.js';
import { Coletor } from '../../nucleo/coletor.js';
import { validateClassificacaoIbsCbs } from './validate-classificacao-ibs-cbs.js';
import type {
  EnderecoRequest,
  IbsCbsServico,
  NfseRequest,
  ObraRequest,
  ServicoRequest,
  SubstituicaoRequest,
  TomadorRequest,
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

/** What `nfseBody` found in a body: its problems and its (partial) declared value. */
export type NfseBodyRead = ReturnType<typeof bodyIssues<typeof nfseBody>>;

type Members = Record<string, unknown>;
const isMembers = (x: unknown): x is Members => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);

/**
 * Validates an NFS-e request (also `POST /v1/nfse/validacoes` and each batch line), given in its declared shape
 * (`nfseBody`), and reports every error at once. Pure: the company, the key restriction and the clock come from `ctx`.
 */
export function validateNfseRequest(body: unknown, ctx: ValidationContext): ValidationResult {
  return checkNfseBody(bodyIssues(nfseBody, body), ctx);
}

/**
 * The rules of a request that need the company, the key or the clock, on what `nfseBody` read, and the
 * normalized request when nothing is wrong.
 */
export function checkNfseBody(read: NfseBodyRead, ctx: ValidationContext): ValidationResult {
  const erros: ValidationIssue[] = read.ok ? [] : [...read.issues];
  const b = read.value as unknown;
  if (!isMembers(b)) return { erros: boundedIssues(erros) };
  const index = new IssueIndex(erros);
  const valid = (campo: string) => !index.has(campo);
  const add = (codigo: string, campo: string, mensagem: string, correcao: string, codigoOficial?: string) =>
    erros.push({ codigo, campo, mensagem, correcao, ...(codigoOficial && { codigo_oficial: codigoOficial }) });

  if (b.empresaId === undefined || b.empresaId === null || b.empresaId === '') {
    if (!ctx.chaveRestritaEmpresa)
      add('campo_obrigatorio', '/empresa_id', 'O empresa_id é obrigatório.', 'Informe o empresa_id.');
    else if (b.empresaId === '')
      add('formato_invalido', '/empresa_id', 'O empresa_id está vazio.', 'Preencha o campo ou remova-o do corpo.');
  }
  const competencia = competenciaOf(b.competencia, valid('/competencia'), ctx.now, add);
  const tomador = isMembers(b.tomador) ? tomadorOf(b.tomador, valid) : null;
  const servico = isMembers(b.servico) ? servicoOf(b.servico, valid) : null;
  let prestador: NfseRequest['prestador'];
  if (isMembers(b.prestador)) {
    const im = valid('/prestador/inscricao_municipal') ? text(b.prestador.inscricaoMunicipal) : undefined;
    prestador = im ? { inscricao_municipal: im } : {};
  }

  const empresa = ctx.empresa ?? null;
  if (empresa && tomador?.documento && mesmoContribuinte(tomador.documento, empresa.cnpj)) {
    add(
      'tomador_igual_prestador',
      '/tomador/documento',
      'O tomador é o próprio prestador (mesma raiz de CNPJ).',
      'Informe o CPF ou CNPJ de quem contratou o serviço; uma empresa não emite NFS-e para si mesma.',
      'E0202',
    );
  }

  // Rules that depend on the service code actually used: the request's or the company default.
  if (servico && isMembers(b.servico)) checkServiceCode(b.servico, servico, empresa, add);

  const adjusted =
    empresa && servico && competencia !== null
      ? adjust({ competencia, tomador, servico, prestador }, { empresa, ctx, valid, add, erros })
      : null;

  if (erros.length > 0) return { erros: boundedIssues(erros) };
  return {
    erros: [],
    request: requestOf(b, { competencia, tomador, servico: servico!, prestador }),
    ...(adjusted && { ajustes: adjusted.ajustes, resolved: adjusted.resolved }),
  };
}

type Add = (codigo: string, campo: string, mensagem: string, correcao: string, codigoOficial?: string) => void;

/** undefined = absent (default applies later), null = invalid. */
function competenciaOf(v: unknown, valid: boolean, now: Date, add: Add): string | undefined | null {
  if (v === undefined || v === null) return undefined;
  if (!valid || typeof v !== 'string') return null;
  const atual = competenciaDe(now);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v.trim())) {
    add(
      'competencia_invalida',
      '/competencia',
      `A competência "${v}" não está no formato AAAA-MM.`,
      `Informe o mês de competência como AAAA-MM, por exemplo "${atual}".`,
    );
    return null;
  }
  if (v.trim() > atual) {
    // Anexo I E0015: the competence cannot be after the emission date.
    add(
      'competencia_invalida',
      '/competencia',
      `A competência ${v.trim()} está no futuro (mês atual: ${atual}).`,
      `Informe o mês em que o serviço foi prestado, até ${atual}.`,
      'E0015',
    );
    return null;
  }
  return v.trim();
}

/** The recipient's valid members, normalized; null without a valid document. */
function tomadorOf(t: Members, valid: (campo: string) => boolean): TomadorRequest | null {
  const documento = valid('/tomador/documento') && text(t.documento) ? documentoFederal(t.documento as string) : null;
  if (!documento) return null;
  const member = (key: string, campo: string) => (valid(`/tomador/${campo}`) ? text(t[key]) : undefined);
  const nome = member('nome', 'nome');
  const email = member('email', 'email');
  const telefone = member('telefone', 'telefone');
  const im = member('inscricaoMunicipal', 'inscricao_municipal');
  const endereco = isMembers(t.endereco) ? enderecoOf(t.endereco, valid) : undefined;
  return {
    documento: documento.numero,
    tipo_documento: documento.tipo,
    ...(nome && { nome }),
    ...(email && { email }),
    ...(telefone && { telefone }),
    ...(im && { inscricao_municipal: im }),
    ...(endereco && { endereco }),
  };
}

function enderecoOf(e: Members, valid: (campo: string) => boolean): EnderecoRequest | undefined {
  const member = (key: string) => (valid(`/tomador/endereco/${key}`) ? text(e[key]) : undefined);
  const cep = member('cep');
  if (!cep) return undefined;
  const logradouro = member('logradouro');
  const numero = member('numero');
  const complemento = member('complemento');
  const bairro = member('bairro');
  const municipio = member('municipio');
  return {
    cep,
    ...(logradouro && { logradouro }),
    ...(numero && { numero }),
    ...(complemento && { complemento }),
    ...(bairro && { bairro }),
    ...(municipio && { municipio }),
  };
}

/** The service's valid members, normalized (possibly partial). */
function servicoOf(s: Members, valid: (campo: string) => boolean): Partial<ServicoRequest> {
  const member = (key: string, campo: string) => (valid(`/servico/${campo}`) ? text(s[key]) : undefined);
  const out: Partial<ServicoRequest> = {};
  const descricao = member('descricao', 'descricao');
  if (descricao) out.descricao = descricao;
  const codigo = member('codigoNacional', 'codigo_nacional');
  if (codigo) out.codigo_nacional = codigo;
  const aliquota = member('aliquotaIss', 'aliquota_iss');
  if (aliquota) out.aliquota_iss = aliquota;
  if (typeof s.issRetido === 'boolean' && valid('/servico/iss_retido')) out.iss_retido = s.issRetido;
  const nbs = member('nbs', 'nbs');
  if (nbs) out.nbs = nbs;
  const codigoMunicipal = member('codigoMunicipal', 'codigo_municipal');
  if (codigoMunicipal) out.codigo_municipal = codigoMunicipal;
  if (isMembers(s.ibsCbs)) {
    const g = s.ibsCbs;
    const ibsCbs: IbsCbsServico = {};
    for (const [key, campo] of [
      ['cst', 'cst'],
      ['cClassTrib', 'c_class_trib'],
      ['indicadorOperacao', 'indicador_operacao'],
    ] as const) {
      const value = valid(`/servico/ibs_cbs/${campo}`) ? text(g[key]) : undefined;
      if (value) ibsCbs[campo] = value;
    }
    out.ibs_cbs = ibsCbs;
  }
  if (isMembers(s.obra)) {
    const o = s.obra;
    const obra: ObraRequest = {};
    for (const [key, campo] of [
      ['cno', 'cno'],
      ['cib', 'cib'],
      ['cep', 'cep'],
      ['numero', 'numero'],
      ['logradouro', 'logradouro'],
      ['complemento', 'complemento'],
      ['bairro', 'bairro'],
      ['municipio', 'municipio'],
      ['inscricaoImobiliaria', 'inscricao_imobiliaria'],
    ] as const) {
      const value = valid(`/servico/obra/${campo}`) ? text(o[key]) : undefined;
      if (value) obra[campo] = value;
    }
    out.obra = obra;
  }
  const local = member('municipioPrestacao', 'municipio_prestacao');
  if (local) out.municipio_prestacao = local;
  return out;
}

function substituicaoOf(s: Members): SubstituicaoRequest {
  return {
    ...(text(s.nfseId) && { nfse_id: text(s.nfseId) }),
    ...(text(s.chaveAcesso) && { chave_acesso: text(s.chaveAcesso) }),
    codigo_motivo: s.codigoMotivo as SubstituicaoRequest['codigo_motivo'],
    ...(text(s.motivo) && { motivo: text(s.motivo) }),
  };
}

/** Obra and NBS rules that depend on the effective service code (request or company default). */
function checkCodeRules(
  codigo: string | undefined,
  obraEnviada: boolean,
  nbsEnviada: string | undefined,
  add: Add,
): void {
  if (!codigo) return;
  const serv = servicoNacional(codigo);
  if (!serv) return;
  const fmt = serv.codigoFormatado;
  if (serv.exigeObra && !obraEnviada) {
    add(
      'obra_obrigatoria',
      '/servico/obra',
      `O serviço ${fmt} é de construção civil e exige os dados da obra.`,
      'Informe servico.obra com cno, cib ou cep e numero, e o municipio da obra.',
      'E0370',
    );
  } else if (obraEnviada && !serv.aceitaObra) {
    add(
      'obra_nao_permitida',
      '/servico/obra',
      `O serviço ${fmt} não é de construção civil: o grupo de obra não é permitido.`,
      'Remova servico.obra, ou use o código de um serviço de obra (07.02.01, 07.02.02, 07.04.01, 07.05.01, 07.05.02, 07.06.01, 07.06.02, 07.07.01, 07.08.01, 07.17.01, 07.19.01, 14.14.03, 14.14.04).',
      'E0372',
    );
  }
  if (nbsEnviada && !nbsCompativel(codigo, nbsEnviada)) {
    add(
      'nbs_fora_do_servico',
      '/servico/nbs',
      `A NBS ${nbsEnviada} não corresponde ao serviço ${fmt} (${serv.descricaoItem.replace(/\.$/, '')}).`,
      `Informe uma NBS dos capítulos ${capitulosNbsAceitos(codigo).join(', ')} compatível com o serviço, ou revise o código de serviço.`,
    );
  }
}

type Valid = (campo: string) => boolean;

/** The service code's rules: the code the note uses (the request's or the company default) must exist. */
function checkServiceCode(
  sent: Record<string, unknown>,
  servico: Partial<ServicoRequest>,
  empresa: ValidationContext['empresa'] | null,
  add: Add,
): void {
  const padrao = empresa?.padroes?.codigo_nacional ?? undefined;
  const codigoEnviado = sent.codigoNacional !== undefined && sent.codigoNacional !== null;
  const codigoEfetivo =
    servico.codigo_nacional ?? (!codigoEnviado && padrao && servicoNacional(padrao) ? padrao : undefined);
  if (!codigoEnviado && !codigoEfetivo && empresa) {
    add(
      'campo_obrigatorio',
      '/servico/codigo_nacional',
      'O código de tributação nacional é obrigatório.',
      'Informe servico.codigo_nacional (6 dígitos) ou configure o código padrão da empresa.',
    );
  }
  const obraEnviada = sent.obra !== undefined && sent.obra !== null;
  checkCodeRules(codigoEfetivo, obraEnviada, servico.nbs, add);
}

interface RequestParts {
  competencia: string | null | undefined;
  tomador: TomadorRequest | null;
  servico: Partial<ServicoRequest>;
  prestador: NfseRequest['prestador'];
}

interface AdjustContext {
  empresa: NonNullable<ValidationContext['empresa']>;
  ctx: ValidationContext;
  valid: Valid;
  add: Add;
  erros: ValidationIssue[];
}

/**
 * The adjustments and effective values, once the members they read are valid; the ISS rate the DPS presence rules
 * require and nothing supplies, and the IBS/CBS classification of the effective values, are reported here.
 */
function adjust(
  { competencia, tomador, servico, prestador }: RequestParts & { competencia: string | undefined },
  { empresa, ctx, valid, add, erros }: AdjustContext,
): { ajustes: Ajuste[]; resolved: ValoresEfetivos } | null {
  const members = [
    '/servico/codigo_nacional',
    '/servico/aliquota_iss',
    '/servico/iss_retido',
    '/servico/obra',
    '/servico/municipio_prestacao',
  ];
  if (!members.every(valid)) return null;
  const r = computeAdjustments(
    { competencia, tomador: tomador ?? undefined, servico, prestador },
    empresa,
    ctx.parametros ?? parametrosMunicipio,
    { now: ctx.now },
  );
  if (r.resolved.aliquota_iss_situacao === 'exigida' && !r.resolved.aliquota_iss) {
    const motivo = r.ajustes.find((a) => a.acao === 'exigido')?.motivo ?? 'A alíquota do ISS é obrigatória.';
    add(
      'aliquota_iss_obrigatoria',
      '/servico/aliquota_iss',
      `${motivo} Nem a requisição, nem os padrões da empresa, nem os parâmetros oficiais do município trazem uma alíquota única para o serviço na competência ${r.resolved.competencia}.`,
      'Informe servico.aliquota_iss (por exemplo "2.00") ou configure a alíquota padrão da empresa.',
    );
  }
  if (valid('/servico/ibs_cbs') && valid('/servico/nbs')) {
    const c = new Coletor();
    validateClassificacaoIbsCbs(r.resolved, servico.ibs_cbs, c);
    erros.push(...c.issues);
  }
  return { ajustes: r.ajustes, resolved: r.resolved };
}

/** The normalized request of a body without problems. */
function requestOf(
  b: Record<string, unknown>,
  { competencia, tomador, servico, prestador }: RequestParts,
): NfseRequest {
  const info = text(b.informacoesComplementares);
  const substituicao = isMembers(b.substituicao) ? substituicaoOf(b.substituicao) : undefined;
  return {
    ...(text(b.empresaId) !== undefined && { empresa_id: text(b.empresaId) }),
    ...(text(b.referencia) !== undefined && { referencia: text(b.referencia) }),
    ...(competencia && { competencia }),
    tomador: tomador as TomadorRequest,
    valor: b.valor as string,
    servico: servico as ServicoRequest,
    ...(substituicao && { substituicao }),
    ...(prestador && { prestador }),
    ...(info !== undefined && { informacoes_complementares: info }),
  };
}
