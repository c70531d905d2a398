import nodemailer from 'nodemailer';

export interface OutageMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutageMailer {
  send(mail: OutageMail): Promise<void>;
  close(): void;
}

/** Outage notices over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createOutageMailer(smtpUrl: string, from: string): OutageMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
