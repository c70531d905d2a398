import { Decimal } from 'decimal.js';
import { lazy, readCsvRecords, projectTableUrl } from './read-csv-records.js';
import { municipio } from './municipio.js';

export type Convenio = 'nacional' | 'proprio' | 'desconhecido';

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
  /** Where the data came from (free text), or why there is none. */
  fonte: string;
  observacao: string | null;
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
export function carregarParametros(records: Record<string, string>[]): Map<string, Registro> {
  const map = new Map<string, Registro>();
  const erros: string[] = [];
  records.forEach((r, idx) => {
    const linha = idx + 2;
    const ibge = r.codigo_ibge;
    if (!/^\d{7}$/.test(ibge) || !municipio(ibge)) erros.push(`linha ${linha}: codigo_ibge ${ibge} inexistente`);
    if (!CODIGO_SERVICO.test(r.codigo_servico)) erros.push(`linha ${linha}: codigo_servico ${r.codigo_servico} inválido`);
    if (!COMPETENCIA.test(r.vigencia_inicio)) erros.push(`linha ${linha}: vigencia_inicio deve ser AAAA-MM`);
    if (r.vigencia_fim && !COMPETENCIA.test(r.vigencia_fim)) erros.push(`linha ${linha}: vigencia_fim deve ser AAAA-MM`);
    let aliquota: string | null = null;
    if (r.aliquota) {
      if (!/^\d\.\d{2}$/.test(r.aliquota)) erros.push(`linha ${linha}: aliquota ${r.aliquota} deve ter o formato 0.00`);
      else if (new Decimal(r.aliquota).lt(ISS_MIN) || new Decimal(r.aliquota).gt(ISS_MAX)) {
        erros.push(`linha ${linha}: aliquota ${r.aliquota} fora de 2% a 5% (LC 116/2003 arts. 8 e 8-A)`);
      } else aliquota = r.aliquota;
    }
    let reg = map.get(ibge);
    if (r.convenio) {
      if (!['nacional', 'proprio', 'desconhecido'].includes(r.convenio)) erros.push(`linha ${linha}: convenio ${r.convenio} inválido`);
      if (!['sim', 'nao'].includes(r.exige_token)) erros.push(`linha ${linha}: exige_token deve ser sim ou nao`);
      if (!['informar', 'omitir'].includes(r.inscricao_municipal)) erros.push(`linha ${linha}: inscricao_municipal deve ser informar ou omitir`);
      if (reg) erros.push(`linha ${linha}: município ${ibge} com mais de uma linha de convênio`);
      reg = {
        ibge,
        nome: r.municipio,
        uf: r.uf,
        convenio: r.convenio as Convenio,
        exigeToken: r.exige_token === 'sim',
        inscricaoMunicipal: r.inscricao_municipal as PoliticaInscricaoMunicipal,
        fonte: r.fonte,
        observacao: r.observacao || null,
        linhas: reg?.linhas ?? [],
      };
      map.set(ibge, reg);
    } else if (!reg) {
      erros.push(`linha ${linha}: a primeira linha do município ${ibge} deve trazer convenio, exige_token e inscricao_municipal`);
      return;
    }
    reg.linhas.push({ codigo: r.codigo_servico, aliquota, inicio: r.vigencia_inicio, fim: r.vigencia_fim || null });
  });
  if (erros.length) throw new Error(`${ARQUIVO_PARAMETROS} inválido:\n${erros.join('\n')}`);
  return map;
}

const tabela = lazy(() => carregarParametros(readCsvRecords(projectTableUrl(ARQUIVO_PARAMETROS))));

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

/** Official parameters of a municipality (IBGE, seven digits). Unknown municipalities get `desconhecido`. */
export function parametrosMunicipio(ibge: string): ParametrosMunicipio {
  const reg = tabela().get(ibge);
  if (!reg) {
    const m = municipio(ibge);
    return {
      ibge,
      nome: m?.nome ?? null,
      uf: m?.uf ?? null,
      convenio: 'desconhecido',
      exigeToken: false,
      inscricaoMunicipal: 'informar',
      aliquotaOficial: () => null,
      fonte: m ? `sem parâmetros locais em ${ARQUIVO_PARAMETROS}` : 'município inexistente na tabela do IBGE (Anexo A)',
      observacao: null,
    };
  }
  const linhas = reg.linhas;
  return {
    ibge: reg.ibge,
    nome: reg.nome,
    uf: reg.uf,
    convenio: reg.convenio,
    exigeToken: reg.exigeToken,
    inscricaoMunicipal: reg.inscricaoMunicipal,
    aliquotaOficial: (codigoServico, competencia) => aliquotaDe(linhas, codigoServico, competencia),
    fonte: reg.fonte,
    observacao: reg.observacao,
  };
}

export function municipiosParametrizados(): string[] {
  return [...tabela().keys()];
}

/** The rate rows of a municipality as the table holds them (`/v1/municipios/{ibge}`), or [] when absent. */
export function aliquotasMunicipio(ibge: string): ReadonlyArray<Readonly<LinhaAliquota>> {
  return tabela().get(ibge)?.linhas ?? [];
}
