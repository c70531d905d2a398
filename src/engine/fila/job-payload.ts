/** What `payload` of a transmission job remembers between attempts. */
export interface JobPayload {
  /** A send may have reached the national system: query the DPS before any resend. */
  mayHaveSent?: boolean;
  /** Failed attempts, for the backoff. */
  failures?: number;
  /** The competence the caller confirmed (POST …/confirmacao): a retry does not ask about it again. */
  competenciaConfirmada?: string;
}
