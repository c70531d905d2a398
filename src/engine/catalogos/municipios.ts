import { type Credentials } from '../autoridades/endpoint.js';
import { EngineError } from '../errors.js';
import { aliquotasMunicipio, municipio, todosMunicipios, type Municipio } from '../tabelas/index.js';
import { codeCursor, containsWords, pageByCode, type CataloguePageOptions } from './page-by-code.js';
import { TABELA_MUNICIPIOS } from './versao-tabela.js';
import type { Principal } from '../chaves/principal.js';
import { queryParametros } from '../municipios/query-parametros.js';
import type { ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import { queryBeneficioMunicipal } from '../municipios/query-beneficio-municipal.js';
import { queryRegimesERetencoes } from '../municipios/query-regimes-e-retencoes.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { rotaNfseDaEmpresa } from '../nfse/provedores/rota-nfse-da-empresa.js';
import { provedorView } from '../nfse/provedores/provedor-view.js';

export interface ListMunicipiosOptions extends CataloguePageOptions {
  /** Words of the name. */
  q?: string | null;
  uf?: string | null;
}

/** `GET /v1/municipios`: IBGE municipalities, searchable by name and UF, paged. */
export function listMunicipios(options: ListMunicipiosOptions) {
  const uf = options.uf?.trim().toUpperCase() || null;
  if (uf !== null && !/^[A-Z]{2}$/.test(uf)) {
    throw new EngineError('parametro_invalido', `uf inválida: ${options.uf}.`, {
      correcao: 'Use a sigla da UF com duas letras (SP, RJ, …).',
    });
  }
  const q = options.q?.trim() ?? '';
  const rows = todosMunicipios().filter((m) => (!uf || m.uf === uf) && (!q || containsWords(m.nome, q)));
  return { ...TABELA_MUNICIPIOS, ...pageByCode('mu1', rows, options) };
}

export const municipioCursor = (m: { codigo: string }): string => codeCursor('mu1', m);

export interface GetMunicipioOptions {
  ibge: string;
  /** AAAA-MM: the competence to ask the national API about (default: the current month). */
  competencia?: string | null;
  /** cTribNac (six digits): ask for its rate, special regimes and the withholdings of the competence. */
  codigoServico?: string | null;
  /** nBM (14 digits): ask what the municipal benefit is in the competence. */
  beneficio?: string | null;
}

/**
 * `GET /v1/municipios/{ibge}`: the municipality and what the service knows of its parameters (adhesion to the
 * national issuer, own system, ISS rates by service and competence, special regimes, withholdings, a benefit), each with where
 * it came from (an act, the national API or its cache, the official list, our table) and when.
 */
export async function getMunicipio(deps: ParametrosDaEmpresaDeps, principal: Principal, options: GetMunicipioOptions) {
  const { ibge } = options;
  const m: Municipio | null = /^\d{7}$/.test(ibge) ? municipio(ibge) : null;
  if (!m) {
    throw new EngineError('nao_encontrado', `Município ${ibge} não está na tabela do IBGE (Anexo A).`, {
      correcao: 'Use o código IBGE de sete dígitos; consulte GET /v1/municipios?q=…',
    });
  }
  const competencia = options.competencia?.trim() || deps.clock.now().toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(competencia)) {
    throw new EngineError('parametro_invalido', `competencia inválida: ${options.competencia}.`, {
      correcao: 'Use AAAA-MM, por exemplo 2026-11.',
    });
  }
  const codigo = options.codigoServico?.trim() || null;
  if (codigo !== null && !/^\d{6}$/.test(codigo)) {
    throw new EngineError('parametro_invalido', `codigo_servico inválido: ${options.codigoServico}.`, {
      correcao: 'Use o código de tributação nacional com seis dígitos (cTribNac), por exemplo 010101.',
    });
  }
  const beneficio = options.beneficio?.trim() || null;
  if (beneficio !== null && !/^\d{14}$/.test(beneficio)) {
    throw new EngineError('parametro_invalido', `beneficio inválido: ${options.beneficio}.`, {
      correcao: 'Use o número do benefício municipal (nBM) com 14 dígitos.',
    });
  }
  const credentials = await credenciaisDaConta(deps, principal);
  const base = { environment: principal.environment, ibge, competencia, credentials };
  const [p, detalhes, doBeneficio] = await Promise.all([
    queryParametros(deps, { ...base, codigosServico: codigo ? [codigo] : [] }),
    codigo ? queryRegimesERetencoes(deps, { ...base, codigoServico: codigo }) : null,
    beneficio ? queryBeneficioMunicipal(deps, { ...base, numero: beneficio }) : null,
  ]);
  const conhecido = p.convenio !== 'desconhecido';
  return {
    ...m,
    ...TABELA_MUNICIPIOS,
    // The route of a company of the municipality that made no choice of its own (rota_nfse null).
    provedor: provedorView(rotaNfseDaEmpresa({ municipio: ibge, rotaNfse: null }, p, deps.clock.now())),
    parametros: {
      convenio: p.convenio,
      // Unknown adhesion stays null: nothing states it.
      aderenteEmissorNacional: conhecido ? p.convenio === 'nacional' : null,
      sistemaProprio: conhecido ? p.convenio === 'proprio' : null,
      convenioConhecido: p.convenioConhecido,
      convenioOrigem: p.convenioOrigem,
      convenioFonte: p.convenioFonte,
      convenioDesde: p.convenioDesde,
      consultadoEm: p.consultadoEm,
      apiIndisponivel: p.apiIndisponivel,
      exigeToken: p.exigeToken,
      inscricaoMunicipal: p.inscricaoMunicipal,
      aliquotas: aliquotasMunicipio(ibge).map((l) => ({
        codigoServico: l.codigo,
        aliquota: l.aliquota,
        vigenciaInicio: l.inicio,
        vigenciaFim: l.fim,
      })),
      consulta: codigo
        ? {
            competencia,
            codigoServico: codigo,
            aliquota: p.aliquotaOficial(codigo, competencia),
            aliquotaOrigem: p.aliquotaOrigem(codigo, competencia),
            fonte: p.fonte,
            regimesEspeciais: detalhes?.regimesEspeciais ?? null,
            retencoes: detalhes?.retencoes ?? null,
          }
        : null,
      beneficio: beneficio ? { numero: beneficio, competencia, resposta: doBeneficio } : null,
      fonte: p.fonte,
      observacao: p.observacao,
      versao: p.versao,
    },
  };
}

/** The A1 a real ADN asks for: the key's company's, or any of the account's; none for the simulator. */
async function credenciaisDaConta(deps: ParametrosDaEmpresaDeps, principal: Principal): Promise<Credentials | null> {
  if (!deps.national.parametrosRemotos(principal.environment)) return null;
  const cert = await deps.db.certificate.findFirst({
    where: {
      company: {
        accountId: principal.accountId,
        deletedAt: null,
        ...(principal.companyId ? { id: principal.companyId } : {}),
      },
    },
    orderBy: { notAfter: 'desc' },
  });
  return cert ? (await companyCredentials(deps, cert.companyId, cert)).credentials : null;
}
