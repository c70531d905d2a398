import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { lazy, readCsvRecords, projectTableUrl } from './read-csv-records.js';
import { municipio } from './municipio.js';
import { adesaoEmissorNacional, VERSAO_ADESAO_EMISSOR_NACIONAL } from './adesao-emissor-nacional.js';

export type Convenio = 'nacional' | 'proprio' | 'desconhecido';

/**
 * Where the convênio came from: `ato` a municipal act stated in our table; `api` the national parameters API
 * (`cache` its answer within the TTL, `cache_expirado` an older answer used because the API could not be reached);
 * `lista_oficial` the offline adhesion snapshot; `levantamento` our survey without an act; `nenhuma` nothing.
 */
export type OrigemConvenio = 'ato' | 'api' | 'cache' | 'cache_expirado' | 'lista_oficial' | 'levantamento' | 'nenhuma';

/** What the DPS does with `prestador.inscricao_municipal` in this municipality. */
export type PoliticaInscricaoMunicipal = 'informar' | 'omitir';

/**
 * Official municipal parameters used offline (simulator, embedded default). In production they come from the
 * national parameters API (`/parametrizacao/{cMun}/convenio`, `…/{codigoServico}/{competencia}/aliquota`).
 */
export interface ParametrosMunicipio {
  /** IBGE code, seven digits. */
  ibge: string;
  nome: string | null;
  uf: string | null;
  /** `nacional`: active convênio, issues through the national system; `proprio`: the municipality's own system. */
  convenio: Convenio;
  /** Issuance is authenticated by a token from the municipality's own portal (readiness item `token_municipio`). */
  exigeToken: boolean;
  /** `omitir`: the municipality refuses the provider's municipal registration in the DPS (E0120). */
  inscricaoMunicipal: PoliticaInscricaoMunicipal;
  /**
   * The municipality's single official ISS rate for the service in that competence, as a percent string with two
   * decimals ("2.00"), or null when there is none or it is not known. `codigoServico` is the six-digit cTribNac;
   * `competencia` is "YYYY-MM".
   */
  aliquotaOficial(codigoServico: string, competencia: string): string | null;
  /** Where the rates came from (free text), or why there is none. */
  fonte: string;
  observacao: string | null;
  /** Version of the data that answered: the table's content hash, the snapshot's list, or the API's answer time. */
  versao: string;
  convenioOrigem: OrigemConvenio;
  /**
   * True when the convênio is a known fact (a stated act, the national API or the official list); false for our
   * survey or nothing. Only a known fact may block issuance.
   */
  convenioConhecido: boolean;
  /** The act, the API answer or the list that states the convênio, or why it is not known. */
  convenioFonte: string;
  /** Since when the convênio applies (AAAA-MM-DD), when the act says so. */
  convenioDesde: string | null;
  /** When the convênio was read (ISO instant of the API answer, or the date of the official list); null for the table. */
  consultadoEm: string | null;
}

export interface LinhaAliquota {
  /** "*" (every service), "01" (LC 116 item), "0107" (subitem) or "010701" (cTribNac). */
  codigo: string;
  /** null = the municipality has no single official rate known for these services (blocks the fallback). */
  aliquota: string | null;
  inicio: string;
  fim: string | null;
}

interface Registro {
  ibge: string;
  nome: string;
  uf: string;
  convenio: Convenio;
  /** The act that states the convênio; empty for a survey. */
  convenioFonte: string | null;
  convenioDesde: string | null;
  exigeToken: boolean;
  inscricaoMunicipal: PoliticaInscricaoMunicipal;
  fonte: string;
  observacao: string | null;
  linhas: LinhaAliquota[];
}

export const ARQUIVO_PARAMETROS = 'municipios-parametros.csv';
const COMPETENCIA = /^\d{4}-(0[1-9]|1[0-2])$/;
const CODIGO_SERVICO = /^(\*|\d{2}|\d{4}|\d{6})$/;
// LC 116/2003 art. 8 (max 5%) and art. 8-A, added by LC 157/2016 (min 2%).
const ISS_MIN = new Decimal('2');
const ISS_MAX = new Decimal('5');

/** Parses and checks the table; throws on any inconsistency so a bad edit fails at the first use and in tests. */
export function loadParametros(records: Record<string, string>[]): Map<string, Registro> {
  const map = new Map<string, Registro>();
  const erros: string[] = [];
  records.forEach((r, idx) => {
    const linha = idx + 2;
    const ibge = r.codigo_ibge;
    if (!/^\d{7}$/.test(ibge) || !municipio(ibge)) erros.push(`linha ${linha}: codigo_ibge ${ibge} inexistente`);
    if (!CODIGO_SERVICO.test(r.codigo_servico))
      erros.push(`linha ${linha}: codigo_servico ${r.codigo_servico} inválido`);
    if (!COMPETENCIA.test(r.vigencia_inicio)) erros.push(`linha ${linha}: vigencia_inicio deve ser AAAA-MM`);
    if (r.vigencia_fim && !COMPETENCIA.test(r.vigencia_fim))
      erros.push(`linha ${linha}: vigencia_fim deve ser AAAA-MM`);
    let aliquota: string | null = null;
    if (r.aliquota) {
      if (!/^\d\.\d{2}$/.test(r.aliquota)) erros.push(`linha ${linha}: aliquota ${r.aliquota} deve ter o formato 0.00`);
      else if (new Decimal(r.aliquota).lt(ISS_MIN) || new Decimal(r.aliquota).gt(ISS_MAX)) {
        erros.push(`linha ${linha}: aliquota ${r.aliquota} fora de 2% a 5% (LC 116/2003 arts. 8 e 8-A)`);
      } else aliquota = r.aliquota;
    }
    let reg = map.get(ibge);
    if (r.convenio) {
      if (!['nacional', 'proprio', 'desconhecido'].includes(r.convenio))
        erros.push(`linha ${linha}: convenio ${r.convenio} inválido`);
      if (r.convenio_desde && !/^\d{4}-\d{2}-\d{2}$/.test(r.convenio_desde))
        erros.push(`linha ${linha}: convenio_desde deve ser AAAA-MM-DD`);
      if (r.convenio_desde && !r.convenio_fonte) erros.push(`linha ${linha}: convenio_desde sem convenio_fonte`);
      if (!['sim', 'nao'].includes(r.exige_token)) erros.push(`linha ${linha}: exige_token deve ser sim ou nao`);
      if (!['informar', 'omitir'].includes(r.inscricao_municipal))
        erros.push(`linha ${linha}: inscricao_municipal deve ser informar ou omitir`);
      if (reg) erros.push(`linha ${linha}: município ${ibge} com mais de uma linha de convênio`);
      reg = {
        ibge,
        nome: r.municipio,
        uf: r.uf,
        convenio: r.convenio as Convenio,
        convenioFonte: r.convenio_fonte || null,
        convenioDesde: r.convenio_desde || null,
        exigeToken: r.exige_token === 'sim',
        inscricaoMunicipal: r.inscricao_municipal as PoliticaInscricaoMunicipal,
        fonte: r.fonte,
        observacao: r.observacao || null,
        linhas: reg?.linhas ?? [],
      };
      map.set(ibge, reg);
    } else if (!reg) {
      erros.push(
        `linha ${linha}: a primeira linha do município ${ibge} deve trazer convenio, exige_token e inscricao_municipal`,
      );
      return;
    }
    reg.linhas.push({ codigo: r.codigo_servico, aliquota, inicio: r.vigencia_inicio, fim: r.vigencia_fim || null });
  });
  if (erros.length) throw new Error(`${ARQUIVO_PARAMETROS} inválido:\n${erros.join('\n')}`);
  return map;
}

const tabela = lazy(() => loadParametros(readCsvRecords(projectTableUrl(ARQUIVO_PARAMETROS))));

function especificidade(codigo: string): number {
  return codigo === '*' ? 0 : codigo.length;
}

/** Most specific row covering the service and the competence wins; a row without rate means "no single rate". */
function aliquotaDe(linhas: readonly LinhaAliquota[], codigoServico: string, competencia: string): string | null {
  if (!/^\d{6}$/.test(codigoServico) || !COMPETENCIA.test(competencia)) return null;
  const candidatas = linhas
    .filter((l) => l.codigo === '*' || codigoServico.startsWith(l.codigo))
    .filter((l) => l.inicio <= competencia && (l.fim === null || competencia <= l.fim))
    .sort((a, b) => especificidade(b.codigo) - especificidade(a.codigo));
  return candidatas[0]?.aliquota ?? null;
}

/**
 * Our table has no official version: its content hash is the version, so any edit of the file shows as a new
 * version to integrators who cache the answer.
 */
export const versaoTabelaParametros = lazy(
  () =>
    `sha256:${createHash('sha256')
      .update(readFileSync(projectTableUrl(ARQUIVO_PARAMETROS)))
      .digest('hex')
      .slice(0, 16)}`,
);

type Adesao = Pick<
  ParametrosMunicipio,
  'convenio' | 'convenioOrigem' | 'convenioConhecido' | 'convenioFonte' | 'convenioDesde' | 'consultadoEm'
>;

/**
 * The convênio known offline, strongest source first: an act stated in our table; the official adhesion list of
 * 2026-09-28 when it lists the municipality; our survey; otherwise unknown. Absence from the list is no proof of an
 * own system (the list is a name-matched extraction), so it never makes a municipality `proprio`.
 */
function adesaoOffline(reg: Registro | undefined, ibge: string): Adesao {
  if (reg?.convenioFonte) {
    return {
      convenio: reg.convenio,
      convenioOrigem: 'ato',
      convenioConhecido: true,
      convenioFonte: reg.convenioFonte,
      convenioDesde: reg.convenioDesde,
      consultadoEm: null,
    };
  }
  const lista = adesaoEmissorNacional(ibge);
  if (lista?.aderente) {
    return {
      convenio: 'nacional',
      convenioOrigem: 'lista_oficial',
      convenioConhecido: true,
      convenioDesde: null,
      consultadoEm: lista.dataReferencia,
      convenioFonte: `lista oficial de municípios aderentes ao Emissor Nacional de ${lista.dataReferencia} (gov.br/nfse, Monitoramento das Adesões)`,
    };
  }
  if (reg && reg.convenio !== 'desconhecido') {
    return {
      convenio: reg.convenio,
      convenioOrigem: 'levantamento',
      convenioConhecido: false,
      convenioFonte: `levantamento do projeto até 2025 (${ARQUIVO_PARAMETROS}), sem ato que o confirme`,
      convenioDesde: null,
      consultadoEm: null,
    };
  }
  return {
    convenio: 'desconhecido',
    convenioOrigem: 'nenhuma',
    convenioConhecido: false,
    convenioDesde: null,
    consultadoEm: lista?.dataReferencia ?? null,
    convenioFonte: lista
      ? `fora da lista oficial de aderentes ao Emissor Nacional de ${lista.dataReferencia}, o que não prova sistema próprio`
      : 'sem dados de adesão',
  };
}

/**
 * Official parameters of a municipality (IBGE, seven digits) known offline: our table and the adhesion snapshot.
 * The national parameters API, when reachable, refines them (src/engine/municipios/query-parametros.ts).
 */
export function parametrosMunicipio(ibge: string): ParametrosMunicipio {
  const reg = tabela().get(ibge);
  const adesao = adesaoOffline(reg, ibge);
  const versao =
    adesao.convenioOrigem === 'lista_oficial' || adesao.convenioOrigem === 'nenhuma'
      ? `${versaoTabelaParametros()}+${VERSAO_ADESAO_EMISSOR_NACIONAL}`
      : versaoTabelaParametros();
  if (!reg) {
    const m = municipio(ibge);
    return {
      ibge,
      nome: m?.nome ?? null,
      uf: m?.uf ?? null,
      ...adesao,
      exigeToken: false,
      inscricaoMunicipal: 'informar',
      aliquotaOficial: () => null,
      fonte: m ? `sem parâmetros locais em ${ARQUIVO_PARAMETROS}` : 'município inexistente na tabela do IBGE (Anexo A)',
      observacao: null,
      versao,
    };
  }
  const linhas = reg.linhas;
  return {
    ibge: reg.ibge,
    nome: reg.nome,
    uf: reg.uf,
    ...adesao,
    exigeToken: reg.exigeToken,
    inscricaoMunicipal: reg.inscricaoMunicipal,
    aliquotaOficial: (codigoServico, competencia) => aliquotaDe(linhas, codigoServico, competencia),
    fonte: reg.fonte,
    observacao: reg.observacao,
    versao,
  };
}

export function municipiosParametrizados(): string[] {
  return [...tabela().keys()];
}

/** The rate rows of a municipality as the table holds them (`/v1/municipios/{ibge}`), or [] when absent. */
export function aliquotasMunicipio(ibge: string): ReadonlyArray<Readonly<LinhaAliquota>> {
  return tabela().get(ibge)?.linhas ?? [];
}
