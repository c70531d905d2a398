import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../config/read-smtp-config.js';
import type { Mailer } from '../engine/nucleo/mailer.js';

// Each stage well under a send's lease (nfse/email/email-lease.ts): a server that stops answering fails the
// attempt, which is retried, instead of holding the job until its lease runs out and another process sends it too.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The Mailer port over SMTP (nodemailer), with the settings of SMTP_* (config/read-smtp-config.ts). */
export function createSmtpMailer(smtp: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.user !== null ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
