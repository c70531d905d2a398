import { municipio, municipioPorNome } from '../../tabelas/index.js';
import { CadastroIndisponivel, type CadastroCnpj, type ConsultaCnpjGateway } from './cadastro-gateways.js';

export interface BrasilApiCnpjOptions {
  /** CNPJ_API_URL: https://brasilapi.com.br, or the simulator's /brasilapi. */
  baseUrl: string;
  timeoutMs: number;
}

/** The members of BrasilAPI's `GET /api/cnpj/v1/{cnpj}` answer this service reads (the Receita Federal's open CNPJ data). */
interface RespostaCnpj {
  cnpj?: string;
  razao_social?: string;
  descricao_situacao_cadastral?: string | null;
  descricao_tipo_de_logradouro?: string | null;
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cep?: string | number | null;
  uf?: string | null;
  municipio?: string | null;
  codigo_municipio_ibge?: string | number | null;
}

const texto = (v: string | null | undefined) =>
  typeof v === 'string' && v.trim() ? v.trim().replace(/\s+/g, ' ') : null;

/**
 * The CNPJ registry over BrasilAPI's REST contract: 200 with the company, 404 when the CNPJ is unknown, anything
 * else (429, 5xx, network, timeout) unavailable. The municipality is the answer's IBGE code, or its name and UF
 * looked up in the IBGE table when the code is missing.
 */
export function brasilApiCnpj(options: BrasilApiCnpjOptions): ConsultaCnpjGateway {
  return {
    async consultar(cnpj) {
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/api/cnpj/v1/${encodeURIComponent(cnpj)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        throw new CadastroIndisponivel(`consulta de CNPJ: ${(err as Error).message}`);
      }
      if (res.status === 404) return null;
      if (res.status !== 200) throw new CadastroIndisponivel(`consulta de CNPJ: HTTP ${res.status}`);
      const r = (await res.json().catch(() => ({}))) as RespostaCnpj;
      const razao = texto(r.razao_social);
      if (!razao) throw new CadastroIndisponivel('consulta de CNPJ: resposta sem razão social');
      return { cnpj, razaoSocial: razao, situacao: texto(r.descricao_situacao_cadastral), endereco: endereco(r) };
    },
  };
}

function endereco(r: RespostaCnpj): CadastroCnpj['endereco'] {
  const ibge =
    r.codigo_municipio_ibge === null || r.codigo_municipio_ibge === undefined ? null : String(r.codigo_municipio_ibge);
  const cidade =
    ibge && municipio(ibge) ? ibge : r.municipio && r.uf ? (municipioPorNome(r.municipio, r.uf)?.codigo ?? null) : null;
  const logradouro = [texto(r.descricao_tipo_de_logradouro), texto(r.logradouro)].filter(Boolean).join(' ');
  const cep = r.cep === null || r.cep === undefined ? null : String(r.cep).replace(/\D/g, '').padStart(8, '0');
  return {
    logradouro: logradouro || null,
    numero: texto(r.numero),
    complemento: texto(r.complemento),
    bairro: texto(r.bairro),
    municipio: cidade,
    cep: cep && /^\d{8}$/.test(cep) ? cep : null,
  };
}
