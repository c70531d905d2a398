import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import { xmlElements, xmlText } from './xml-text.js';

/** One note as EL's queries summarise it (nfeRpsNotaFiscal): its id, number, processing instant and RPS. */
export interface NotaEl {
  idNota: string;
  numero: string;
  dataProcessamento: string | null;
  situacao: string | null;
  rpsNumero: string | null;
  cancelada: boolean;
  /** The element as the city wrote it, stored as the note's XML. */
  xml: string;
}

/** What an EL answer's `return` holds: its messages, its text (the session hash), protocol, lot situation, notes. */
export interface ElAnswer {
  erros: AuthorityMessage[];
  /** The whole text of a `return` without elements (autenticarContribuinte's hash); null otherwise. */
  texto: string | null;
  protocolo: string | null;
  /** ConsultarSituacaoLoteRps: 1 não recebido, 2 não processado, 3 processado com erro, 4 processado com sucesso. */
  situacaoLote: string | null;
  notas: NotaEl[];
}

/**
 * An EL message is plain text without a code; where it starts with one (`E10 - …`) the code is read out, so the
 * codes the client acts on are found whichever way the city words them.
 */
function mensagemEl(texto: string): AuthorityMessage {
  const m = /^\s*([A-Z]{0,2}\d{1,4})\s*[-–:]\s*([\s\S]*)$/.exec(texto);
  return m ? { codigo: m[1]!, descricao: m[2]!.trim() } : { codigo: '', descricao: texto.trim() };
}

/** A note of the situation EL calls cancelled ("Cancelada", or its code C). */
const CANCELADA = /^(c|cancelad[ao])$/i;

/** The content of an EL answer's `return` (operation answers of RpsService), read by local names. */
export function readElAnswer(xml: string): ElAnswer {
  const erros = xmlElements(xml, 'mensagens').map((m) => mensagemEl(xmlText(m, 'mensagens') ?? ''));
  const notas = xmlElements(xml, 'nfeRpsNotaFiscal').flatMap((n): NotaEl[] => {
    const numero = xmlText(n, 'numero');
    const situacao = xmlText(n, 'situacao');
    return numero
      ? [
          {
            idNota: xmlText(n, 'idNota') ?? '',
            numero,
            dataProcessamento: xmlText(n, 'dataProcessamento'),
            situacao,
            rpsNumero: xmlText(n, 'rpsNumero'),
            cancelada: situacao !== null && CANCELADA.test(situacao),
            xml: n,
          },
        ]
      : [];
  });
  return {
    erros,
    texto: /</.test(xml) ? null : xml.trim() || null,
    protocolo: xmlText(xml, 'numeroProtocolo'),
    situacaoLote: xmlText(xml, 'situacaoLoteRps'),
    notas,
  };
}

/** The note's key as stored (`chave_acesso`): the city, the note's number and EL's id of it. */
export const chaveEl = (nota: Pick<NotaEl, 'numero' | 'idNota'>, ibge: string): string =>
  `${ibge}-${nota.numero}-${nota.idNota}`;
