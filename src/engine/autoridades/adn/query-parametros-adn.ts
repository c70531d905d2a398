import { type CallOptions, type AuthorityClient } from '../authority-client.js';
import { Decimal } from 'decimal.js';
import { field, readString } from '../nfse-nacional/read-errors.js';
import { queryJson } from '../nfse-nacional/emit-dps.js';

/**
 * Client of the ADN "Parâmetros Municipais" API (adn-parametros-municipais.json, OpenAPI v1, base
 * `…/parametrizacao`): what the Sefin itself reads to validate a DPS. GET only; the POSTs are the municipalities'.
 */

/** TipoSimNao: 1 sim, 0 não, -1 not informed by the municipality. */
export type SimNao = 'sim' | 'nao' | 'nao_informado';

export interface ConvenioNacional {
  aderenteAmbienteNacional: SimNao;
  aderenteEmissorNacional: SimNao;
  aderenteMAN: SimNao;
  situacaoEmissaoPadraoContribuintesRFB: SimNao;
  /** TipoConvenio 1 or 2, as answered. */
  tipoConvenio: number | null;
  mensagem: string | null;
}

export interface AliquotaNacional {
  /** The code the answer keys the rate by. */
  codigo: string;
  incidencia: string | null;
  /** Percent with two decimals ("2.00"), read from the answer's decimal number without float arithmetic. */
  aliquota: string | null;
  /** AAAA-MM-DD. */
  inicio: string;
  fim: string | null;
}

export interface RegimeEspecialNacional {
  regime: string;
  codigo: string;
  /** TipoConfiguracaoRegimeEspecial 1..3, as answered. */
  situacao: number | null;
  inicio: string;
  fim: string | null;
  observacoes: string | null;
}

export interface Vigencia {
  inicio: string;
  fim: string | null;
}

export interface RetencoesNacionais {
  /** LC 116/2003 art. 6: withholding by the taker enabled by the municipality. */
  artigoSexto: { habilitado: boolean; vigencias: Vigencia[] };
  municipais: Array<Vigencia & { descricao: string | null; tipos: number[]; servicos: string[] }>;
}

export interface BeneficioNacional extends Vigencia {
  codigo: string | null;
  descricao: string | null;
  /** TipoBeneficioMunicipal 1..4 and TipoReducaoBaseDeCalculo 1..2, as answered. */
  tipo: number | null;
  tipoReducaoBc: number | null;
  reducaoPercentualBc: string | null;
  aliquotaDiferenciada: string | null;
  servicos: string[];
}

/** `not_found`: the API answered 404 (nothing parametrised); `unknown`: no usable answer (down, timeout, 5xx). */
export type ConsultaParametro<T> =
  | { kind: 'found'; value: T; mensagem: string | null }
  | { kind: 'not_found'; mensagem: string | null }
  | { kind: 'unknown'; cause: string };

const IBGE = /^\d{7}$/;
const CTRIBNAC = /^\d{6}$/;
const COMPETENCIA = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The ADN wants the service as nine digits with dots, cTribNac plus a three-digit municipal code (observed: 400 otherwise). */
function codigoServicoAdn(cTribNac: string): string {
  return `${cTribNac.slice(0, 2)}.${cTribNac.slice(2, 4)}.${cTribNac.slice(4, 6)}.000`;
}

/** A competence AAAA-MM as the ADN takes it in the path (AAAA-MM-DD, the month's first day). */
const competenciaAdn = (competencia: string): string => `${competencia}-01`;

function check(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`parâmetro inválido para a API de parâmetros municipais: ${what}`);
}

async function consultar<T>(
  client: AuthorityClient,
  path: string,
  read: (body: unknown) => T | null,
  call?: CallOptions,
): Promise<ConsultaParametro<T>> {
  const r = await queryJson(client, path, call);
  if (r.kind === 'unknown') return { kind: 'unknown', cause: r.cause };
  const mensagem = readString(r.body, 'mensagem') ?? null;
  if (r.kind === 'not_found') return { kind: 'not_found', mensagem };
  const value = read(r.body);
  return value === null ? { kind: 'not_found', mensagem } : { kind: 'found', value, mensagem };
}

const simNao = (v: unknown): SimNao => (v === 1 ? 'sim' : v === 0 ? 'nao' : 'nao_informado');
const numero = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const data = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const objeto = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A JSON number as a two-decimal percent string; the number's shortest text keeps the published digits. */
function percentual(v: unknown): string | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  return new Decimal(String(v)).toFixed(2);
}

function vigencia(o: Record<string, unknown>, ini: string, fim: string): Vigencia | null {
  const inicio = data(o[ini]);
  return inicio ? { inicio, fim: data(o[fim]) } : null;
}

/** GET /{codigoMunicipio}/convenio. */
export function queryConvenio(
  client: AuthorityClient,
  ibge: string,
  call?: CallOptions,
): Promise<ConsultaParametro<ConvenioNacional>> {
  check(IBGE.test(ibge), 'codigoMunicipio');
  return consultar(
    client,
    `/${ibge}/convenio`,
    (body) => {
      const p = objeto(field(body, 'parametrosConvenio'));
      if (!p) return null;
      return {
        aderenteAmbienteNacional: simNao(p.aderenteAmbienteNacional),
        aderenteEmissorNacional: simNao(p.aderenteEmissorNacional),
        aderenteMAN: simNao(p.aderenteMAN),
        situacaoEmissaoPadraoContribuintesRFB: simNao(p.situacaoEmissaoPadraoContribuintesRFB),
        tipoConvenio: numero(p.tipoConvenioDeserializationSetter),
        mensagem: readString(body, 'mensagem') ?? null,
      };
    },
    call,
  );
}

/** GET /{codigoMunicipio}/{codigoServico}/{competencia}/aliquota: every rate row the answer holds. */
export function queryAliquota(
  client: AuthorityClient,
  ibge: string,
  cTribNac: string,
  competencia: string,
  call?: CallOptions,
): Promise<ConsultaParametro<AliquotaNacional[]>> {
  check(
    IBGE.test(ibge) && CTRIBNAC.test(cTribNac) && COMPETENCIA.test(competencia),
    'codigoMunicipio, codigoServico ou competencia',
  );
  return consultar(
    client,
    `/${ibge}/${codigoServicoAdn(cTribNac)}/${competenciaAdn(competencia)}/aliquota`,
    (body) => {
      const porCodigo = objeto(field(body, 'aliquotas'));
      if (!porCodigo) return null;
      const rows: AliquotaNacional[] = [];
      for (const [codigo, items] of Object.entries(porCodigo)) {
        for (const item of lista(items)) {
          const o = objeto(item);
          const v = o && vigencia(o, 'DtIni', 'DtFim');
          if (o && v) rows.push({ codigo, incidencia: texto(o.Incidencia), aliquota: percentual(o.Aliq), ...v });
        }
      }
      return rows.length ? rows : null;
    },
    call,
  );
}

/** GET /{codigoMunicipio}/{codigoServico}/{competencia}/regimes_especiais, flattened by regime and code. */
export function queryRegimesEspeciais(
  client: AuthorityClient,
  ibge: string,
  cTribNac: string,
  competencia: string,
  call?: CallOptions,
): Promise<ConsultaParametro<RegimeEspecialNacional[]>> {
  check(
    IBGE.test(ibge) && CTRIBNAC.test(cTribNac) && COMPETENCIA.test(competencia),
    'codigoMunicipio, codigoServico ou competencia',
  );
  return consultar(
    client,
    `/${ibge}/${codigoServicoAdn(cTribNac)}/${competenciaAdn(competencia)}/regimes_especiais`,
    (body) => {
      const porRegime = objeto(field(body, 'regimesEspeciais'));
      if (!porRegime) return null;
      const rows: RegimeEspecialNacional[] = [];
      for (const [regime, porCodigo] of Object.entries(porRegime)) {
        for (const [codigo, items] of Object.entries(objeto(porCodigo) ?? {})) {
          for (const item of lista(items)) {
            const o = objeto(item);
            const v = o && vigencia(o, 'dataInicio', 'dataFim');
            if (o && v)
              rows.push({ regime, codigo, situacao: numero(o.situacao), observacoes: texto(o.observacoes), ...v });
          }
        }
      }
      return rows;
    },
    call,
  );
}

/** GET /{codigoMunicipio}/{competencia}/retencoes. */
export function queryRetencoes(
  client: AuthorityClient,
  ibge: string,
  competencia: string,
  call?: CallOptions,
): Promise<ConsultaParametro<RetencoesNacionais>> {
  check(IBGE.test(ibge) && COMPETENCIA.test(competencia), 'codigoMunicipio ou competencia');
  return consultar(
    client,
    `/${ibge}/${competenciaAdn(competencia)}/retencoes`,
    (body) => {
      const r = objeto(field(body, 'retencoes'));
      if (!r) return null;
      const art6 = objeto(r.artigoSexto);
      return {
        artigoSexto: {
          habilitado: art6?.habilitado === true,
          vigencias: lista(art6?.historico).flatMap((h) => {
            const o = objeto(h);
            const v = o && vigencia(o, 'dataInicioVigencia', 'dataFimVigencia');
            return v ? [v] : [];
          }),
        },
        municipais: lista(r.retencoesMunicipais).flatMap((item) => {
          const o = objeto(item);
          const v = o && vigencia(o, 'dataInicioVigencia', 'dataFimVigencia');
          if (!o || !v) return [];
          return [
            {
              ...v,
              descricao: texto(o.descricao),
              tipos: lista(o.tiposRetencao)
                .map(numero)
                .filter((n): n is number => n !== null),
              servicos: lista(o.servicos)
                .map((s) => texto(objeto(s)?.codigoCompleto))
                .filter((s): s is string => s !== null),
            },
          ];
        }),
      };
    },
    call,
  );
}

/** GET /{codigoMunicipio}/{numeroBeneficio}/{competencia}/beneficio (nBM, 14 digits, as the DPS carries it). */
export function queryBeneficio(
  client: AuthorityClient,
  ibge: string,
  numeroBeneficio: string,
  competencia: string,
  call?: CallOptions,
): Promise<ConsultaParametro<BeneficioNacional>> {
  check(
    IBGE.test(ibge) && /^\d{14}$/.test(numeroBeneficio) && COMPETENCIA.test(competencia),
    'codigoMunicipio, numeroBeneficio ou competencia',
  );
  return consultar(
    client,
    `/${ibge}/${numeroBeneficio}/${competenciaAdn(competencia)}/beneficio`,
    (body) => {
      const b = objeto(field(body, 'beneficio'));
      const v = b && vigencia(b, 'dataInicioVigencia', 'dataFimVigencia');
      if (!b || !v) return null;
      return {
        ...v,
        codigo: texto(b.codigoBeneficio),
        descricao: texto(b.descricao),
        tipo: numero(b.tipoBeneficio),
        tipoReducaoBc: numero(b.tipoReducaoBC),
        reducaoPercentualBc: percentual(b.reducaoPercentualBC),
        aliquotaDiferenciada: percentual(b.aliquotaDiferenciada),
        servicos: lista(b.servicos)
          .map((s) => texto(objeto(s)?.codigoServico))
          .filter((s): s is string => s !== null),
      };
    },
    call,
  );
}
