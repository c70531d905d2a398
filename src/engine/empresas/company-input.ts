import { cnpj as cnpjValidator } from 'cpf-cnpj-validator';
import { EngineError, type ErrorItem } from '../errors.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import { municipio } from '../tabelas/index.js';

export const REGIMES = ['simples_nacional', 'mei', 'lucro_presumido', 'lucro_real'] as const;
export const REGIMES_APURACAO_SIMPLES = ['federais_municipal_sn', 'federais_sn_municipal_fora', 'todos_fora_sn'] as const;

export interface CompanyPadroes {
  codigo_nacional?: string;
  aliquota_iss?: string;
  iss_retido?: boolean;
  nbs?: string;
}

/** The issuer's street address, required by NF-e (enderEmit); the municipality is the company's. */
export interface CompanyEndereco {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cep: string;
}

export interface CompanyInput {
  cnpj: string;
  razao_social: string;
  municipio: string;
  regime_tributario: string | null;
  inscricao_municipal: string | null;
  regime_apuracao_simples: string | null;
  serie_dps: string | null;
  inscricao_estadual: string | null;
  serie_nfe: string | null;
  endereco: CompanyEndereco | null;
  autorizados_xml: string[];
  email: string | null;
  token_municipio: string | null;
  padroes: CompanyPadroes;
}

const FIELDS = new Set([
  'cnpj', 'razao_social', 'municipio', 'regime_tributario', 'inscricao_municipal', 'regime_apuracao_simples',
  'serie_dps', 'inscricao_estadual', 'serie_nfe', 'endereco', 'autorizados_xml', 'email', 'token_municipio', 'padroes',
]);
/** Occurrences of the autXML group in layout 4.00 (leiauteNFe_v4.00.xsd, maxOccurs 10). */
export const MAX_AUTORIZADOS_XML = 10;
const PADROES = new Set(['codigo_nacional', 'aliquota_iss', 'iss_retido', 'nbs']);

/** Validates the body of `POST /v1/companies`, reporting every problem at once. */
export function parseCompanyInput(body: unknown): CompanyInput {
  const erros: ErrorItem[] = [];
  const add = (campo: string, mensagem: string, correcao: string, codigo = 'formato_invalido') =>
    erros.push({ codigo, campo, mensagem, correcao });
  if (!isObject(body)) throw invalid([{ codigo: 'tipo_invalido', campo: '', mensagem: 'o corpo deve ser um objeto JSON', correcao: 'Envie um objeto.' }]);
  for (const key of Object.keys(body)) if (!FIELDS.has(key)) add(`/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');

  const text = (name: string, required: boolean, max = 255): string | null => {
    const value = body[name];
    if (value === undefined || value === null) {
      if (required) add(`/${name}`, 'campo obrigatório', `Informe ${name}.`, 'campo_obrigatorio');
      return null;
    }
    if (typeof value !== 'string') {
      add(`/${name}`, 'deve ser texto', `Envie ${name} como string.`, 'tipo_invalido');
      return null;
    }
    const trimmed = value.trim();
    if (required && !trimmed) add(`/${name}`, 'não pode ser vazio', `Informe ${name}.`, 'campo_obrigatorio');
    if (trimmed.length > max) add(`/${name}`, `no máximo ${max} caracteres`, 'Encurte o valor.');
    return trimmed || null;
  };

  const cnpjRaw = text('cnpj', true);
  const cnpj = cnpjRaw ? cnpjRaw.replace(/[./-]/g, '').toUpperCase() : '';
  if (cnpjRaw && !cnpjValidator.isValid(cnpj)) {
    add('/cnpj', 'CNPJ inválido (dígitos verificadores)', 'Confira o CNPJ; são aceitos o numérico e o alfanumérico.', 'documento_invalido');
  }
  const razao = text('razao_social', true, 150);
  const mun = text('municipio', true, 7);
  if (mun && (!/^\d{7}$/.test(mun) || !municipio(mun))) {
    add('/municipio', 'código IBGE de município desconhecido', 'Informe o código IBGE de 7 dígitos do município da empresa.');
  }
  const regime = text('regime_tributario', false, 40);
  if (regime && !(REGIMES as readonly string[]).includes(regime)) {
    add('/regime_tributario', `deve ser um de: ${REGIMES.join(', ')}`, 'Escolha um regime válido.');
  }
  const apuracao = text('regime_apuracao_simples', false, 40);
  if (apuracao && !(REGIMES_APURACAO_SIMPLES as readonly string[]).includes(apuracao)) {
    add('/regime_apuracao_simples', `deve ser um de: ${REGIMES_APURACAO_SIMPLES.join(', ')}`, 'Escolha um regime de apuração válido.');
  }
  const serie = text('serie_dps', false, 5);
  if (serie && !/^\d{1,5}$/.test(serie)) add('/serie_dps', 'série com 1 a 5 dígitos', 'Informe só dígitos, por exemplo "1".');
  if (serie === '49999') add('/serie_dps', 'a série 49999 é reservada ao ambiente de teste', 'Use outra série.');
  const ie = text('inscricao_estadual', false, 14);
  if (ie && !/^(\d{2,14}|ISENTO)$/.test(ie)) add('/inscricao_estadual', 'inscrição estadual com 2 a 14 dígitos, ou ISENTO', 'Informe só os dígitos da inscrição estadual.');
  const serieNfe = text('serie_nfe', false, 3);
  // Layout 4.00 TSerie; 890-999 are reserved for the tax office's own notes (avulsa), SVC contingency and
  // issuers identified by CPF, so the API series is below them.
  if (serieNfe && (!/^(0|[1-9]\d{0,2})$/.test(serieNfe) || Number(serieNfe) >= 890)) {
    add('/serie_nfe', 'série da NF-e de 0 a 889, sem zeros à esquerda', 'Informe a série, por exemplo "1" (890 a 999 são reservadas).');
  }
  const endereco = parseEndereco(body.endereco, add);
  const autorizados = parseAutorizadosXml(body.autorizados_xml, add);
  const email = text('email', false, 254);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) add('/email', 'e-mail inválido', 'Informe um e-mail como nome@dominio.com.br.');
  const token = text('token_municipio', false, 500);
  const padroes = parsePadroes(body.padroes, add);
  if (erros.length) throw invalid(erros);
  return {
    cnpj,
    razao_social: razao!,
    municipio: mun!,
    regime_tributario: regime,
    inscricao_municipal: text('inscricao_municipal', false, 15),
    regime_apuracao_simples: apuracao,
    serie_dps: serie,
    inscricao_estadual: ie,
    serie_nfe: serieNfe,
    endereco,
    autorizados_xml: autorizados,
    email,
    token_municipio: token,
    padroes,
  };
}

function parsePadroes(value: unknown, add: (c: string, m: string, f: string, k?: string) => void): CompanyPadroes {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    add('/padroes', 'deve ser um objeto', 'Envie padroes como objeto.', 'tipo_invalido');
    return {};
  }
  for (const key of Object.keys(value)) if (!PADROES.has(key)) add(`/padroes/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');
  const out: CompanyPadroes = {};
  const { codigo_nacional, aliquota_iss, iss_retido, nbs } = value;
  if (codigo_nacional !== undefined) {
    if (typeof codigo_nacional === 'string' && /^\d{6}$/.test(codigo_nacional)) out.codigo_nacional = codigo_nacional;
    else add('/padroes/codigo_nacional', 'código nacional com 6 dígitos', 'Por exemplo "010101".');
  }
  if (aliquota_iss !== undefined) {
    if (typeof aliquota_iss === 'number') add('/padroes/aliquota_iss', 'alíquota deve ser string decimal', 'Envie "2.00", não 2.', 'tipo_invalido');
    else if (typeof aliquota_iss === 'string' && /^\d{1,2}(\.\d{1,2})?$/.test(aliquota_iss)) out.aliquota_iss = aliquota_iss;
    else add('/padroes/aliquota_iss', 'alíquota percentual como "2.00"', 'Use ponto decimal e até 2 casas.');
  }
  if (iss_retido !== undefined) {
    if (typeof iss_retido === 'boolean') out.iss_retido = iss_retido;
    else add('/padroes/iss_retido', 'deve ser booleano', 'Envie true ou false.', 'tipo_invalido');
  }
  if (nbs !== undefined) {
    if (typeof nbs === 'string' && /^\d{9}$/.test(nbs)) out.nbs = nbs;
    else add('/padroes/nbs', 'NBS com 9 dígitos', 'Por exemplo "101011100".');
  }
  return out;
}

// Lengths of layout 4.00 TEndEmi (xLgr 2-60, nro 1-60, xCpl 1-60, xBairro 2-60, CEP 8 digits).
function parseEndereco(value: unknown, add: (c: string, m: string, f: string, k?: string) => void): CompanyEndereco | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    add('/endereco', 'deve ser um objeto', 'Envie endereco como objeto.', 'tipo_invalido');
    return null;
  }
  const allowed = ['logradouro', 'numero', 'complemento', 'bairro', 'cep'];
  for (const key of Object.keys(value)) if (!allowed.includes(key)) add(`/endereco/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');
  const out: Record<string, string> = {};
  for (const [key, min, required] of [['logradouro', 2, true], ['numero', 1, true], ['complemento', 1, false], ['bairro', 2, true]] as const) {
    const v = value[key];
    if (v === undefined || v === null) {
      if (required) add(`/endereco/${key}`, 'campo obrigatório', `Informe endereco.${key}.`, 'campo_obrigatorio');
    } else if (typeof v !== 'string') add(`/endereco/${key}`, 'deve ser texto', `Envie endereco.${key} como string.`, 'tipo_invalido');
    else if (v.trim().length < min || v.trim().length > 60) add(`/endereco/${key}`, `de ${min} a 60 caracteres`, 'Ajuste o tamanho.');
    else out[key] = v.trim();
  }
  const cep = typeof value.cep === 'string' ? value.cep.replace(/[.\-\s]/g, '') : value.cep;
  if (typeof cep !== 'string' || !/^\d{8}$/.test(cep)) add('/endereco/cep', 'CEP com 8 dígitos', 'Informe o CEP, por exemplo "90010000".');
  else out.cep = cep;
  return out as unknown as CompanyEndereco;
}

/**
 * CPF/CNPJ of the accounting office (and anyone else the issuer lets download its NF-e XML): the autXML group,
 * filled into every NF-e. Check digits are verified here because the authority refuses a wrong one per note
 * (rejections 323/325); a repeated document would be a repeated autXML, so it is refused too.
 */
function parseAutorizadosXml(value: unknown, add: (c: string, m: string, f: string, k?: string) => void): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    add('/autorizados_xml', 'deve ser uma lista de CPF/CNPJ', 'Envie autorizados_xml como lista, por exemplo ["11222333000181"].', 'tipo_invalido');
    return [];
  }
  if (value.length > MAX_AUTORIZADOS_XML) {
    add('/autorizados_xml', `no máximo ${MAX_AUTORIZADOS_XML} documentos (grupo autXML do leiaute 4.00)`, `Informe até ${MAX_AUTORIZADOS_XML} CPF/CNPJ.`);
  }
  const out: string[] = [];
  value.forEach((raw, i) => {
    const campo = `/autorizados_xml/${i}`;
    if (typeof raw !== 'string') return add(campo, 'deve ser texto', 'Envie o CPF ou CNPJ como string.', 'tipo_invalido');
    const doc = documentoFederal(raw);
    if (!doc) return add(campo, 'CPF ou CNPJ inválido (dígitos verificadores)', 'Confira o documento do escritório de contabilidade.', 'documento_invalido');
    if (out.includes(doc.numero)) return add(campo, 'documento repetido na lista', 'Informe cada CPF/CNPJ uma vez.');
    out.push(doc.numero);
  });
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const invalid = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', { extra: { erros } });
