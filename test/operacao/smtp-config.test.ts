// SMTP settings: the SMTP_* variables or SMTP_URL, read into one shape; unit test of a pure rule.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { EnvReader } from '../../src/config/env-reader.js';
import { readSmtpConfig } from '../../src/config/read-smtp-config.js';

const read = (env: Record<string, string>) => {
  const r = new EnvReader(env);
  return { ...readSmtpConfig(r), problems: r.problems };
};

describe('SMTP settings', () => {
  it('none without SMTP_HOST or SMTP_URL', () => {
    expect(read({})).toEqual({ smtp: null, problems: [] });
  });

  it('SMTP_HOST with its defaults, and each member set', () => {
    expect(read({ SMTP_HOST: 'smtp.example.com' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      security: 'starttls',
      user: null,
      password: null,
      from: 'fiscal-api <nao-responda@fiscal-api.dev>',
    });
    expect(
      read({
        SMTP_HOST: 'smtp.example.com',
        SMTP_SECURE: 'tls',
        SMTP_USER: 'notas',
        SMTP_PASSWORD: ' senha com espaços ',
        SMTP_FROM: 'Notas <notas@example.com>',
      }).smtp,
    ).toEqual({
      host: 'smtp.example.com',
      port: 465,
      security: 'tls',
      user: 'notas',
      password: ' senha com espaços ',
      from: 'Notas <notas@example.com>',
    });
  });

  it('SMTP_URL: smtp:// upgrades when offered, smtps:// is TLS, credentials decoded', () => {
    expect(read({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      security: 'auto',
      user: null,
    });
    expect(read({ SMTP_URL: 'smtps://us%40er:p%3Ass@mail.example.com' }).smtp).toMatchObject({
      port: 465,
      security: 'tls',
      user: 'us@er',
      password: 'p:ss',
    });
  });

  it('reports every problem with the others at start', () => {
    expect(read({ SMTP_URL: 'http://x', SMTP_HOST: 'h' }).problems).toEqual([
      'SMTP_URL and SMTP_HOST are two forms of one setting: set only one',
      'SMTP_URL must start with smtp:// or smtps:// and name a host',
    ]);
    expect(read({ SMTP_HOST: 'h', SMTP_SECURE: 'ssl', SMTP_PORT: '0', SMTP_USER: 'u' }).problems).toEqual([
      'SMTP_SECURE must be one of tls, starttls, auto, none',
      'SMTP_PORT must be 1..65535',
      'SMTP_USER and SMTP_PASSWORD go together',
    ]);
    expect(() => parseConfig({ SMTP_HOST: 'h', SMTP_SECURE: 'ssl' })).toThrow(ConfigError);
  });
});
