import type { EngineDeps } from '../engine-deps.js';
import type { Principal } from '../chaves/principal.js';
import type { ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import { EngineError } from '../errors.js';
import { regrasVersao } from './ajustes/index.js';
import { prepareIssuance } from './prepare-issuance.js';

/** `POST /v1/nfse/validacoes`: always answers; creates nothing. */
export async function validateNfse(
  deps: ParametrosDaEmpresaDeps & Pick<EngineDeps, 'sql' | 'prontidao'>,
  principal: Principal,
  body: unknown,
) {
  try {
    const { validation, readiness } = await prepareIssuance(deps, principal, body);
    return {
      valida: validation.erros.length === 0 && readiness?.situacao !== 'bloqueio',
      erros: validation.erros,
      ajustes: validation.ajustes ?? [],
      regras_versao: regrasVersao(),
      prontidao: readiness,
    };
  } catch (err) {
    // An unknown company is one more validation error here, not a 404.
    if (err instanceof EngineError && err.codigo === 'nao_encontrado') {
      return {
        valida: false,
        erros: [
          {
            codigo: 'empresa_nao_encontrada',
            campo: '/empresa_id',
            mensagem: err.message,
            correcao: err.correcao ?? '',
          },
        ],
        ajustes: [],
        regras_versao: regrasVersao(),
        prontidao: null,
      };
    }
    throw err;
  }
}
