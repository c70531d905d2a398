import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../nacional/send-json.js';
import { CADASTRO_SIMULADO } from './cadastro-simulado.js';

/** Base of the simulated BrasilAPI: CNPJ_API_URL=<simulator>/brasilapi reaches `GET /api/cnpj/v1/{cnpj}`. */
export const BRASILAPI_PATH = '/brasilapi';
/** Base of the simulated ViaCEP: CEP_API_URL=<simulator>/viacep reaches `GET /ws/{cep}/json/`. */
export const VIACEP_PATH = '/viacep';

const CNPJ = new RegExp(`^${BRASILAPI_PATH}/api/cnpj/v1/([^/]+)$`);
const CEP = new RegExp(`^${VIACEP_PATH}/ws/([^/]+)/json/?$`);

/**
 * The public registries as their providers answer (GET only, JSON): BrasilAPI's CNPJ v1 (200 with the company,
 * 404 {message, type, name} when unknown, 400 for a malformed CNPJ) and ViaCEP (200 with the address and its IBGE
 * code, 200 {"erro": "true"} when the CEP does not exist, 400 for a malformed one). Tests count the calls (the
 * service caches answers) and switch either provider off (503).
 */
export class ConsultasPublicasSimuladas {
  private readonly fora = new Set<'cnpj' | 'cep'>();
  private readonly chamadasPorTipo = { cnpj: 0, cep: 0 };

  indisponivel(tipo: 'cnpj' | 'cep', fora: boolean): void {
    if (fora) this.fora.add(tipo);
    else this.fora.delete(tipo);
  }

  chamadas(tipo: 'cnpj' | 'cep'): number {
    return this.chamadasPorTipo[tipo];
  }

  handles(method: string, path: string): boolean {
    return method === 'GET' && (CNPJ.test(path) || CEP.test(path));
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://simulador').pathname;
    req.resume();
    const cnpj = CNPJ.exec(path)?.[1];
    if (cnpj !== undefined) return this.cnpj(res, decodeURIComponent(cnpj));
    this.cep(res, decodeURIComponent(CEP.exec(path)![1]!));
  }

  private cnpj(res: ServerResponse, cnpj: string): void {
    this.chamadasPorTipo.cnpj += 1;
    if (this.fora.has('cnpj')) return sendJson(res, 503, { message: 'Serviço indisponível.' });
    if (!/^\d{14}$/.test(cnpj))
      return sendJson(res, 400, { message: `CNPJ ${cnpj} inválido.`, type: 'bad_request', name: 'BadRequestError' });
    const e = CADASTRO_SIMULADO.empresas.find((x) => x.cnpj === cnpj);
    if (!e)
      return sendJson(res, 404, {
        message: `CNPJ ${cnpj} não encontrado.`,
        type: 'not_found',
        name: 'CnpjNotFoundError',
      });
    sendJson(res, 200, {
      cnpj: e.cnpj,
      razao_social: e.razaoSocial,
      nome_fantasia: '',
      situacao_cadastral: 2,
      descricao_situacao_cadastral: 'ATIVA',
      descricao_tipo_de_logradouro: e.tipoLogradouro,
      logradouro: e.logradouro,
      numero: e.numero,
      complemento: e.complemento,
      bairro: e.bairro,
      cep: e.cep,
      uf: e.uf,
      municipio: e.municipio,
      ...(e.ibge ? { codigo_municipio_ibge: Number(e.ibge) } : {}),
    });
  }

  private cep(res: ServerResponse, cep: string): void {
    this.chamadasPorTipo.cep += 1;
    if (this.fora.has('cep')) return sendJson(res, 503, { erro: 'Serviço indisponível.' });
    if (!/^\d{8}$/.test(cep)) return sendJson(res, 400, { erro: 'CEP inválido.' });
    const c = (
      CADASTRO_SIMULADO.ceps as Record<string, (typeof CADASTRO_SIMULADO.ceps)[keyof typeof CADASTRO_SIMULADO.ceps]>
    )[cep];
    if (!c) return sendJson(res, 200, { erro: 'true' });
    sendJson(res, 200, { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, ...c, estado: c.uf, ddd: '', siafi: '' });
  }
}
