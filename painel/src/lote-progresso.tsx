import { formatInteger } from './format.js';

export interface Contagens {
  aguardandoConfirmacao: number;
  aguardandoEmissao: number;
  autorizada: number;
  cancelada: number;
  comErroValidacao: number;
  descartada: number;
  falhaTransmissao: number;
  jaExistente: number;
  rejeitada: number;
  transmitindo: number;
}

export const CONTAGENS = `contagens { aguardandoConfirmacao aguardandoEmissao autorizada cancelada comErroValidacao descartada falhaTransmissao jaExistente rejeitada transmitindo }`;

/** Lines that reached an outcome: every counted line but those still waiting to be sent or being sent. */
function linhasConcluidas(c: Contagens): number {
  const counted = Object.values(c).reduce((a, b) => a + b, 0);
  return counted - c.aguardandoEmissao - c.transmitindo;
}

/** A batch's progress as a native <progress> (no inline style, which the panel's CSP refuses). */
export function LoteProgresso({ contagens, total }: { contagens: Contagens; total: number }) {
  const done = linhasConcluidas(contagens);
  const text = `${formatInteger(done)} de ${formatInteger(total)} linhas`;
  return (
    <span class="progresso">
      <progress max={Math.max(total, 1)} value={done} aria-label={`Progresso: ${text}`} />
      <small data-progresso>{text}</small>
    </span>
  );
}
