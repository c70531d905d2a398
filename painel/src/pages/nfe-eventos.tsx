import { formatDateTime } from '../format.js';

const TIPOS: Record<string, string> = { cancelamento: 'Cancelamento', carta_correcao: 'Carta de correção' };
const TEXTOS: Record<string, string> = { cancelamento: 'Justificativa', carta_correcao: 'Correção' };

interface Evento {
  id: string;
  tipo: string;
  tpEvento: string;
  nSeqEvento: number;
  texto: string | null;
  protocolo: string | null;
  registradoEm: string | null;
}

/** The note's events at the SEFAZ as a person reads them: what, when, the text sent and the protocol. */
export function NfeEventos({ eventos }: { eventos: Evento[] }) {
  return (
    <>
      <h2>Eventos na SEFAZ</h2>
      {eventos.length === 0 ? (
        <p>Nenhum evento registrado.</p>
      ) : (
        <ol class="linha-do-tempo" data-eventos>
          {eventos.map((e) => (
            <li data-evento={e.tipo}>
              <time dateTime={e.registradoEm ?? undefined}>{formatDateTime(e.registradoEm)}</time>{' '}
              <strong>
                {TIPOS[e.tipo] ?? e.tipo}
                {e.tipo === 'carta_correcao' && ` nº ${e.nSeqEvento}`}
              </strong>
              <dl class="detalhe">
                {e.texto && (
                  <>
                    <dt>{TEXTOS[e.tipo] ?? 'Texto'}</dt>
                    <dd>{e.texto}</dd>
                  </>
                )}
                <dt>Protocolo</dt>
                <dd>{e.protocolo ?? 'não registrado'}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
