import type { IncomingMessage, ServerResponse } from 'node:http';
import { adesaoEmissorNacional } from '../../engine/tabelas/index.js';
import { SIMULATED_PARAMETROS_PATH as PARAMETRIZACAO_PATH } from '../../engine/autoridades/nfse-nacional/national-gateway.js';
import { PARAMETROS_SIMULADOS } from './parametros-simulados.js';
import { sendJson } from './send-json.js';

/** Either environment's base, as the real hosts have one each (adn.nfse.gov.br, adn.producaorestrita.nfse.gov.br). */
const BASE = new RegExp(`^(/producao|/producaorestrita)?${PARAMETRIZACAO_PATH}(?=/|$)`);
const CODIGO_SERVICO = /^\d{2}\.\d{2}\.\d{2}\.\d{3}$/;
const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The ADN parameters API (GET only) over the fixtures in parametros-simulados.ts. Tests switch it off to play an
 * outage of that API alone and count the calls it received (the service's cache keeps them few).
 */
export class ParametrizacaoSimulada {
  private fora = false;
  private readonly paths: string[] = [];

  /** true: every call answers 503, as the ADN does while down. */
  indisponivel(fora: boolean): void {
    this.fora = fora;
  }

  /** Calls received since the start (answered or not) whose path starts with `prefixo`, e.g. `/producaorestrita/parametrizacao/3106200/`. */
  chamadas(prefixo = ''): number {
    return this.paths.filter((p) => p.startsWith(prefixo)).length;
  }

  handles(method: string, path: string): boolean {
    return method === 'GET' && BASE.test(path);
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://simulador').pathname;
    this.paths.push(path);
    req.resume();
    if (this.fora) return sendJson(res, 503, { mensagem: 'Serviço indisponível.' });
    const parts = path.replace(BASE, '').split('/').filter(Boolean);
    const [mun, a, b, c] = parts;
    if (!mun || !/^\d{7}$/.test(mun))
      return sendJson(res, 400, { mensagem: 'O código do município deve ter sete dígitos.' });
    if (parts.length === 2 && a === 'convenio') return this.convenio(res, mun);
    if (parts.length === 4 && (c === 'aliquota' || c === 'regimes_especiais')) {
      if (!CODIGO_SERVICO.test(a!))
        return sendJson(res, 400, { mensagem: 'O código do serviço deve ser composto por nove dígitos.' });
      if (!DATA.test(b!)) return sendJson(res, 400, { mensagem: 'A competência deve ser informada como AAAA-MM-DD.' });
      const cTribNac = a!.replace(/\./g, '').slice(0, 6);
      if (c === 'aliquota') {
        const rows = vigentes(PARAMETROS_SIMULADOS.aliquotas[mun]?.[cTribNac], b!, 'DtIni', 'DtFim');
        return rows.length
          ? sendJson(res, 200, { mensagem: null, aliquotas: { [a!]: rows } })
          : sendJson(res, 404, { mensagem: 'Alíquotas não encontradas' });
      }
      const regimes = PARAMETROS_SIMULADOS.regimesEspeciais[mun]?.[cTribNac];
      return regimes
        ? sendJson(res, 200, { mensagem: null, regimesEspeciais: regimes })
        : sendJson(res, 404, { mensagem: 'Regimes especiais não encontrados' });
    }
    if (parts.length === 3 && b === 'retencoes') {
      if (!DATA.test(a!)) return sendJson(res, 400, { mensagem: 'A competência deve ser informada como AAAA-MM-DD.' });
      const retencoes = PARAMETROS_SIMULADOS.retencoes[mun];
      return retencoes
        ? sendJson(res, 200, { mensagem: null, retencoes })
        : sendJson(res, 404, { mensagem: 'Retenções não encontradas' });
    }
    if (parts.length === 4 && c === 'beneficio') {
      const beneficio = PARAMETROS_SIMULADOS.beneficios[mun]?.[a!];
      return beneficio
        ? sendJson(res, 200, { mensagem: null, beneficio })
        : sendJson(res, 404, { mensagem: 'Benefício não encontrado' });
    }
    sendJson(res, 404, { mensagem: 'Recurso não encontrado.' });
  }

  private convenio(res: ServerResponse, mun: string): void {
    const fixture = PARAMETROS_SIMULADOS.convenios[mun];
    if (fixture) return sendJson(res, 200, { mensagem: null, parametrosConvenio: fixture });
    if (adesaoEmissorNacional(mun)?.aderente) {
      return sendJson(res, 200, {
        mensagem: null,
        parametrosConvenio: {
          tipoConvenioDeserializationSetter: 1,
          aderenteAmbienteNacional: 1,
          aderenteEmissorNacional: 1,
          situacaoEmissaoPadraoContribuintesRFB: 1,
          aderenteMAN: 0,
          permiteAproveitametoDeCreditos: null,
        },
      });
    }
    sendJson(res, 404, { mensagem: 'Convênio não encontrado' });
  }
}

/** The rows in force on `dia` (AAAA-MM-DD): start on or before it, no end or an end on or after it. */
function vigentes(rows: unknown[] | undefined, dia: string, ini: string, fim: string): unknown[] {
  return (rows ?? []).filter((r) => {
    const o = r as Record<string, string | null>;
    return String(o[ini]).slice(0, 10) <= dia && (!o[fim] || dia <= String(o[fim]).slice(0, 10));
  });
}
