import type { EnvReader } from './env-reader.js';

/**
 * How the service reaches its SMTP server: `tls` connects over TLS (usually port 465), `starttls` requires the
 * upgrade before authenticating (usually 587), `auto` upgrades when the server offers it (what an smtp:// URL
 * means), `none` sends in the clear (a relay on the same host or network).
 */
export type SmtpSecurity = 'tls' | 'starttls' | 'auto' | 'none';

export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string | null;
  password: string | null;
  /** The From header: `nome <endereco>` or a bare address. */
  from: string;
}

const SECURITIES: readonly SmtpSecurity[] = ['tls', 'starttls', 'auto', 'none'];
const DEFAULT_FROM = 'fiscal-api <nao-responda@fiscal-api.dev>';
const DEFAULT_PORT: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, auto: 587, none: 25 };

/**
 * SMTP_HOST, SMTP_PORT, SMTP_SECURE (tls | starttls | auto | none; default starttls), SMTP_USER, SMTP_PASSWORD,
 * SMTP_FROM; or SMTP_URL (smtp://user:pass@host:587, smtps://… for tls) as one value. Null when neither is set:
 * nothing is e-mailed (notes record that, the on-demand route refuses).
 */
export function readSmtpConfig(r: EnvReader): { smtp: SmtpSettings | null } {
  const url = r.text('SMTP_URL');
  const host = r.text('SMTP_HOST');
  const from = r.text('SMTP_FROM') ?? DEFAULT_FROM;
  if (url && host) r.problem('SMTP_URL and SMTP_HOST are two forms of one setting: set only one');
  if (url) return { smtp: fromUrl(r, url, from) };
  if (!host) return { smtp: null };
  const security = (r.text('SMTP_SECURE') ?? 'starttls') as SmtpSecurity;
  if (!SECURITIES.includes(security)) r.problem(`SMTP_SECURE must be one of ${SECURITIES.join(', ')}`);
  const port = Number(r.text('SMTP_PORT') ?? DEFAULT_PORT[security] ?? 587);
  if (!Number.isInteger(port) || port < 1 || port > 65535) r.problem('SMTP_PORT must be 1..65535');
  const user = r.text('SMTP_USER');
  const password = r.env.SMTP_PASSWORD || null;
  if ((user === null) !== (password === null)) r.problem('SMTP_USER and SMTP_PASSWORD go together');
  return { smtp: { host, port, security, user, password, from } };
}

function fromUrl(r: EnvReader, url: string, from: string): SmtpSettings | null {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !/^smtps?:$/.test(parsed.protocol) || !parsed.hostname) {
    r.problem('SMTP_URL must start with smtp:// or smtps:// and name a host');
    return null;
  }
  const security: SmtpSecurity = parsed.protocol === 'smtps:' ? 'tls' : 'auto';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : DEFAULT_PORT[security],
    security,
    user: parsed.username ? decodeURIComponent(parsed.username) : null,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    from,
  };
}
