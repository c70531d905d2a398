import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a random port; `down()` stops it, `up()` starts it again on the same port. */
export class TestSmtp {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Messages whose DATA began (completed or not). */
  started = 0;
  /** Messages whose DATA is taken and never answered: the sender waits inside its send. */
  hang = 0;

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // A permanent refusal of one mailbox, as a server answers an address that does not exist.
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('inexistente@')) {
          const err = Object.assign(new Error('Caixa postal inexistente'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        this.started++;
        if (this.hang > 0) {
          this.hang--;
          stream.resume();
          return;
        }
        void simpleParser(stream).then((mail) => {
          this.mails.push(mail);
          callback();
        }, callback);
      },
    });
    // A sender killed inside its send (the crash tests) resets its connection, which the server reports as an error
    // event: the expected end of that conversation. Any other error still fails the run.
    server.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET') throw err;
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  take(): ParsedMail[] {
    return this.mails.splice(0);
  }

  /** The service's SMTP_* settings for this server. */
  env(): Record<string, string> {
    return {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(this.port),
      SMTP_SECURE: 'none',
      SMTP_FROM: 'Notas <notas@fiscal.test>',
    };
  }
}
