import type { AuthorityMessage } from './authority-message.js';

/** `received`: whether the server may have processed the request ('unknown' → query the DPS before resending). */
export type DeliveryFailure =
  | { kind: 'timeout' }
  | { kind: 'unavailable'; status?: number; received: 'no' | 'unknown'; cause: string }
  | {
      kind: 'transmission_failed';
      status?: number;
      received: 'no' | 'unknown';
      cause: string;
      erros: AuthorityMessage[];
    };

export type Rejected = { kind: 'rejected'; status: number; erros: AuthorityMessage[]; idDps?: string };

export type EmissionResult =
  | {
      kind: 'authorized';
      chave: string;
      nfseXml: string;
      numero: string;
      alertas: AuthorityMessage[];
      dataHoraProcessamento?: string;
    }
  | Rejected
  | DeliveryFailure
  /** The system holds the document and has not decided yet (an asynchronous lot): ask it again later. */
  | { kind: 'processing'; resultado: string };
