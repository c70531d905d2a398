import { municipio } from '../../tabelas/index.js';
import { CadastroIndisponivel, type ConsultaCepGateway } from './cadastro-gateways.js';

export interface ViaCepOptions {
  /** CEP_API_URL: https://viacep.com.br, or the simulator's /viacep. */
  baseUrl: string;
  timeoutMs: number;
}

interface RespostaCep {
  erro?: boolean | string;
  cep?: string;
  logradouro?: string;
  complemento?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
}

const texto = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The postal code directory over ViaCEP's REST contract, `GET /ws/{cep}/json/`: 200 with the address and the IBGE
 * code of its municipality, 200 `{"erro": true}` when the CEP does not exist; anything else is unavailable.
 */
export function viaCep(options: ViaCepOptions): ConsultaCepGateway {
  return {
    async consultar(cep) {
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/ws/${encodeURIComponent(cep)}/json/`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        throw new CadastroIndisponivel(`consulta de CEP: ${(err as Error).message}`);
      }
      // ViaCEP answers 400 to a malformed CEP: it does not exist either.
      if (res.status === 400) return null;
      if (res.status !== 200) throw new CadastroIndisponivel(`consulta de CEP: HTTP ${res.status}`);
      const r = (await res.json().catch(() => ({}))) as RespostaCep;
      if (r.erro === true || r.erro === 'true') return null;
      if (!r.ibge || !municipio(r.ibge))
        throw new CadastroIndisponivel(`consulta de CEP: município IBGE ausente ou desconhecido (${r.ibge ?? '-'})`);
      return {
        cep,
        logradouro: texto(r.logradouro),
        complemento: texto(r.complemento),
        bairro: texto(r.bairro),
        municipio: r.ibge,
      };
    },
  };
}
