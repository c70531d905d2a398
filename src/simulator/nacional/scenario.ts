/**
 * Per-request scenario chosen by our client with the header X-Simulador-Cenario (never sent to the real system).
 * Values: autorizar | rejeitar[:E0xxx[,E0yyy…]] | timeout | indisponibilidade[:N | :Ns | :Nms] | falha_transmissao[:nao]
 * | processamento_lento[:ms]. The codes of `rejeitar` are conditions of the simulated national side
 * (rejection-applies.ts).
 */
export const SCENARIO_HEADER = 'x-simulador-cenario';

export type Scenario =
  | { kind: 'autorizar' }
  | { kind: 'rejeitar'; codes: string[] }
  | { kind: 'timeout' }
  | { kind: 'indisponibilidade'; calls?: number; ms?: number }
  | { kind: 'falha_transmissao'; received: boolean }
  | { kind: 'processamento_lento'; ms?: number };

export function parseScenario(header: string | string[] | undefined): Scenario {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  const [name, arg] = raw.split(':', 2);
  switch (name) {
    case 'rejeitar':
      return { kind: 'rejeitar', codes: arg ? arg.toUpperCase().split(',').filter(Boolean) : [] };
    case 'timeout':
      return { kind: 'timeout' };
    case 'indisponibilidade':
      return { kind: 'indisponibilidade', ...outageArg(arg) };
    case 'falha_transmissao':
      return { kind: 'falha_transmissao', received: arg !== 'nao' };
    case 'processamento_lento':
      return { kind: 'processamento_lento', ms: arg && /^\d+$/.test(arg) ? Number(arg) : undefined };
    default:
      return { kind: 'autorizar' };
  }
}

function outageArg(arg: string | undefined): { calls?: number; ms?: number } {
  if (!arg) return {};
  const m = /^(\d+)(ms|s)?$/.exec(arg);
  if (!m) return {};
  const n = Number(m[1]);
  if (m[2] === 's') return { ms: n * 1000 };
  if (m[2] === 'ms') return { ms: n };
  return { calls: n };
}
