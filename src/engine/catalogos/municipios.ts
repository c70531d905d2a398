import { EngineError } from '../errors.js';
import { aliquotasMunicipio, municipio, parametrosMunicipio, todosMunicipios, type Municipio } from '../tabelas/index.js';
import { codeCursor, contemPalavras, pageByCode, type CataloguePageOptions } from './page-by-code.js';
import { TABELA_MUNICIPIOS, versaoParametrosMunicipais } from './versao-tabela.js';

export interface ListMunicipiosOptions extends CataloguePageOptions {
  /** Words of the name. */
  q?: string | null;
  uf?: string | null;
}

/** `GET /v1/municipios`: IBGE municipalities, searchable by name and UF, paged. */
export function listMunicipios(options: ListMunicipiosOptions) {
  const uf = options.uf?.trim().toUpperCase() || null;
  if (uf !== null && !/^[A-Z]{2}$/.test(uf)) {
    throw new EngineError('parametro_invalido', `uf inválida: ${options.uf}.`, { correcao: 'Use a sigla da UF com duas letras (SP, RJ, …).' });
  }
  const q = options.q?.trim() ?? '';
  const rows = todosMunicipios().filter((m) => (!uf || m.uf === uf) && (!q || contemPalavras(m.nome, q)));
  return { ...TABELA_MUNICIPIOS, ...pageByCode('mu1', rows, options) };
}

export const municipioCursor = (m: { codigo: string }): string => codeCursor('mu1', m);

/**
 * `GET /v1/municipios/{ibge}`: the municipality and what the service knows of its parameters (adhesion to the
 * national issuer, own system, ISS rates by service and competence), each with its source and version.
 */
export function getMunicipio(ibge: string) {
  const m: Municipio | null = /^\d{7}$/.test(ibge) ? municipio(ibge) : null;
  if (!m) {
    throw new EngineError('nao_encontrado', `Município ${ibge} não está na tabela do IBGE (Anexo A).`, {
      correcao: 'Use o código IBGE de sete dígitos; consulte GET /v1/municipios?q=…',
    });
  }
  const p = parametrosMunicipio(ibge);
  const conhecido = p.convenio !== 'desconhecido';
  return {
    ...m,
    ...TABELA_MUNICIPIOS,
    parametros: {
      convenio: p.convenio,
      // Unknown adhesion stays null: the service must then ask the ADN parameters API.
      aderenteEmissorNacional: conhecido ? p.convenio === 'nacional' : null,
      sistemaProprio: conhecido ? p.convenio === 'proprio' : null,
      exigeToken: p.exigeToken,
      inscricaoMunicipal: p.inscricaoMunicipal,
      aliquotas: aliquotasMunicipio(ibge).map((l) => ({
        codigoServico: l.codigo,
        aliquota: l.aliquota,
        vigenciaInicio: l.inicio,
        vigenciaFim: l.fim,
      })),
      fonte: p.fonte,
      observacao: p.observacao,
      versao: versaoParametrosMunicipais(),
    },
  };
}
