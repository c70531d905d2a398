/** What `payload` of a transmission job remembers between attempts. */
export interface JobPayload {
  /** A send may have reached the national system: query the DPS before any resend. */
  mayHaveSent?: boolean;
  /** Failed attempts, for the backoff. */
  failures?: number;
  /** The competence the caller confirmed (POST …/confirmacao): a retry does not ask about it again. */
  competenciaConfirmada?: string;
  /**
   * The authority whose unavailability (no answer, 5xx, refused connection) pushed this job back: its next answer
   * to anyone brings the job forward (resumeWaitingJobs). Absent when the last attempt failed otherwise.
   */
  waitingFor?: string;
  /** Brought forward once in this streak of unanswered attempts: a further one keeps its backoff. */
  broughtForward?: boolean;
}
