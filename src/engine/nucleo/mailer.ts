/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * The port through which the engine sends e-mail; the process wires SMTP behind it (composition/create-smtp-mailer.ts).
 * A refused or failed send rejects with an error carrying the server's reply (`responseCode`) when there was one.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A server's permanent refusal (SMTP 5xx: unknown mailbox, refused message): repeating the same message fails again. */
export function isPermanentMailError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
