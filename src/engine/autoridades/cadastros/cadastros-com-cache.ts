import type { Clock } from '../../nucleo/clock.js';
import type { CadastroGateways } from './cadastro-gateways.js';

export interface CadastrosCacheOptions {
  clock: Clock;
  /** How long an answer is reused: registry data changes seldom, a state registration's status more often. */
  ttlMs?: { cnpj: number; cep: number; contribuinte: number };
  /** Entries kept per lookup; the oldest go first. */
  max?: number;
}

const HORA = 3_600_000;
const TTL_PADRAO = { cnpj: 24 * HORA, cep: 7 * 24 * HORA, contribuinte: 6 * HORA };

/**
 * The registries' answers kept in this process's memory for a while, "not found" included; a lookup that failed
 * is not kept, and concurrent lookups of one key share one call. Memory rather than the database: the answers are
 * public data any process can ask again, a restart costs one lookup per recipient, and nothing of an account is
 * kept (the contributor lookup's key is the UF, the document and the environment, never who asked).
 */
export function cadastrosComCache(gateways: CadastroGateways, options: CadastrosCacheOptions): CadastroGateways {
  const ttl = options.ttlMs ?? TTL_PADRAO;
  const max = options.max ?? 10_000;
  const memo = <K extends unknown[], V>(
    ttlMs: number,
    key: (...args: K) => string,
    load: (...args: K) => Promise<V>,
  ) => {
    const entries = new Map<string, { ate: number; valor: Promise<V> }>();
    return (...args: K): Promise<V> => {
      const k = key(...args);
      const agora = options.clock.now().getTime();
      const hit = entries.get(k);
      if (hit && hit.ate > agora) return hit.valor;
      entries.delete(k);
      const valor = load(...args);
      entries.set(k, { ate: agora + ttlMs, valor });
      valor.catch(() => entries.delete(k));
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return valor;
    };
  };
  const cnpj = memo(
    ttl.cnpj,
    (c: string) => c,
    (c: string) => gateways.cnpj.consultar(c),
  );
  const cep = memo(
    ttl.cep,
    (c: string) => c,
    (c: string) => gateways.cep.consultar(c),
  );
  const contribuinte = memo(
    ttl.contribuinte,
    (a: Parameters<CadastroGateways['contribuinte']['consultar']>[0]) => `${a.environment}|${a.uf}|${a.documento}`,
    (a: Parameters<CadastroGateways['contribuinte']['consultar']>[0]) => gateways.contribuinte.consultar(a),
  );
  return { cnpj: { consultar: cnpj }, cep: { consultar: cep }, contribuinte: { consultar: contribuinte } };
}
