import { type Credentials } from '../autoridades/endpoint.js';
import type { Environment } from '../nucleo/environment.js';
import { municipio, parametrosMunicipio, type Convenio, type ParametrosMunicipio } from '../tabelas/index.js';
import {
  queryAliquota,
  queryConvenio,
  type AliquotaNacional,
  type ConvenioNacional,
} from '../autoridades/adn/query-parametros-adn.js';
import type { RespostaParametro } from '../autoridades/adn/parametros-cache.js';
import type { TransmissionDeps } from '../transmission-deps.js';

export type MunicipiosDeps = Pick<TransmissionDeps, 'clock' | 'national'>;

export interface ConsultarParametrosOptions {
  environment: Environment;
  ibge: string;
  /** AAAA-MM: the competence whose rates are asked for. */
  competencia: string;
  /** cTribNac codes whose rate to ask for (at most a few: one call each). */
  codigosServico?: readonly string[];
  /** The company's A1, for the mutual TLS of a real ADN; null where there is none (the simulator needs none). */
  credentials: Credentials | null;
}

/** The parameters with what the national API said, or why it said nothing. */
export interface ParametrosConsultados extends ParametrosMunicipio {
  /** Why the API could not be used this time (unreachable, no certificate), or null when it answered. */
  apiIndisponivel: string | null;
  /** The rate answers per service code asked for, as the API gave them (or the cache kept them). */
  aliquotasNacionais: Array<{
    codigoServico: string;
    competencia: string;
    resposta: RespostaParametro<AliquotaNacional[]>;
  }>;
  /** Where `aliquotaOficial` took a rate from: the API's answer (fresh, cached, stale) or our table. */
  aliquotaOrigem(codigoServico: string, competencia: string): 'api' | 'cache' | 'cache_expirado' | 'tabela';
}

const API = 'API de parâmetros municipais do ADN';
// LC 116/2003 art. 8 (max 5%) and art. 8-A, added by LC 157/2016 (min 2%): a rate outside is not used.
const dentroDosLimites = (a: string | null): a is string => a !== null && Number(a) >= 2 && Number(a) <= 5;

/**
 * A municipality's parameters: the national parameters API (through the per-process cache, with its stale answer
 * when the API does not answer), then what is known offline (our table's acts, the official adhesion list of
 * 2026-09-28, our survey). An act stated in our table wins over the API's adhesion flags: those describe adhesion
 * to the national platform, and São Paulo answers aderenteEmissorNacional=1 while its own NFS-e Paulistana stays
 * mandatory.
 */
export async function queryParametros(
  deps: MunicipiosDeps,
  options: ConsultarParametrosOptions,
): Promise<ParametrosConsultados> {
  const { environment, ibge, competencia } = options;
  const offline = parametrosMunicipio(ibge);
  if (!municipio(ibge) || !/^\d{4}-(0[1-9]|1[0-2])$/.test(competencia)) return semApi(offline, null);
  const client = deps.national.parametrosClient(environment, options.credentials);
  if (!client) return semApi(offline, 'sem certificado A1 para a consulta com TLS mútuo');

  const now = () => deps.clock.now();
  const cache = deps.national.parametros;
  const codigos = [...new Set(options.codigosServico ?? [])].filter((c) => /^\d{6}$/.test(c)).slice(0, 4);
  const [convenio, ...aliquotas] = await Promise.all([
    cache.obter(`${environment}|convenio|${ibge}`, now, () => queryConvenio(client, ibge)),
    ...codigos.map((c) =>
      cache.obter(`${environment}|aliquota|${ibge}|${c}|${competencia}`, now, () =>
        queryAliquota(client, ibge, c, competencia),
      ),
    ),
  ]);
  const aliquotasNacionais = codigos.map((codigoServico, i) => ({
    codigoServico,
    competencia,
    resposta: aliquotas[i]!,
  }));
  const respostas = [convenio, ...aliquotas];
  const falha = respostas.find((r) => r.kind === 'unknown');
  const apiIndisponivel = falha?.kind === 'unknown' ? `a API não respondeu (${falha.cause})` : null;

  const rates = new Map<string, { aliquota: string; origem: 'api' | 'cache' | 'cache_expirado' }>();
  for (const { codigoServico, resposta } of aliquotasNacionais) {
    const unica = resposta.kind === 'found' ? aliquotaVigente(resposta.value, competencia) : null;
    if (unica && resposta.kind === 'found') rates.set(codigoServico, { aliquota: unica, origem: resposta.origem });
  }
  const usadas = aliquotasNacionais.filter((a) => rates.has(a.codigoServico));
  const fonteAliquotas = usadas.length
    ? `${API} (GET /${ibge}/{codigoServico}/${competencia}-01/aliquota${usadas.some((a) => a.resposta.origem === 'cache_expirado') ? ', resposta guardada: a API não respondeu agora' : ''})`
    : apiIndisponivel
      ? `${offline.fonte}; ${API} indisponível: ${apiIndisponivel}`
      : offline.fonte;

  return {
    ...offline,
    ...adesao(offline, convenio, ibge, apiIndisponivel),
    aliquotaOficial: (codigo, comp) =>
      (comp === competencia ? rates.get(codigo)?.aliquota : undefined) ?? offline.aliquotaOficial(codigo, comp),
    aliquotaOrigem: (codigo, comp) => (comp === competencia ? rates.get(codigo)?.origem : undefined) ?? 'tabela',
    fonte: fonteAliquotas,
    apiIndisponivel,
    aliquotasNacionais,
  };
}

/** The offline parameters as an answer of this module, with why the API was not asked (null: nothing to ask). */
export function semApi(offline: ParametrosMunicipio, motivo: string | null): ParametrosConsultados {
  return { ...offline, apiIndisponivel: motivo, aliquotasNacionais: [], aliquotaOrigem: () => 'tabela' };
}

/** The single rate in force on the competence's first day, or null when the answer has none or several. */
function aliquotaVigente(rows: AliquotaNacional[], competencia: string): string | null {
  const dia = `${competencia}-01`;
  const vigentes = new Set(
    rows.filter((r) => r.inicio <= dia && (r.fim === null || dia <= r.fim)).map((r) => r.aliquota),
  );
  const [unica] = [...vigentes];
  return vigentes.size === 1 && dentroDosLimites(unica ?? null) ? unica! : null;
}

type Adesao = Pick<
  ParametrosMunicipio,
  'convenio' | 'convenioOrigem' | 'convenioConhecido' | 'convenioFonte' | 'convenioDesde' | 'consultadoEm' | 'versao'
>;

function adesao(
  offline: ParametrosMunicipio,
  resposta: RespostaParametro<ConvenioNacional>,
  ibge: string,
  apiIndisponivel: string | null,
): Adesao {
  if (offline.convenioOrigem === 'ato') return offline;
  if (resposta.kind === 'unknown') {
    return {
      ...offline,
      convenioFonte: `${offline.convenioFonte} (${API} indisponível: ${apiIndisponivel ?? resposta.cause})`,
    };
  }
  const consultadoEm = resposta.consultadoEm.toISOString();
  const guardada =
    resposta.origem === 'cache_expirado' ? `; resposta guardada de ${consultadoEm}: a API não respondeu agora` : '';
  const comum = {
    convenioOrigem: resposta.origem,
    consultadoEm,
    convenioDesde: null,
    versao: `adn-parametrizacao-v1@${consultadoEm}`,
  } as const;
  // No convênio parametrised: the API states nothing about the issuer, so what is known offline stands.
  if (resposta.kind === 'not_found') {
    return {
      ...offline,
      convenioFonte: `${offline.convenioFonte} (${API}: sem convênio parametrizado para o município${guardada})`,
    };
  }
  const p = resposta.value;
  // aderenteEmissorNacional 1: issues through the national issuer; 0: its own system (sharing with the ADN); -1: not said.
  const convenio: Convenio =
    p.aderenteEmissorNacional === 'sim' ? 'nacional' : p.aderenteEmissorNacional === 'nao' ? 'proprio' : 'desconhecido';
  return {
    ...comum,
    convenio,
    convenioConhecido: convenio !== 'desconhecido',
    convenioFonte: `${API} (GET /${ibge}/convenio): aderenteEmissorNacional=${p.aderenteEmissorNacional}, aderenteAmbienteNacional=${p.aderenteAmbienteNacional}${guardada}`,
  };
}
