// parseConfig reads its sections (src/config/config-sections.ts) with one EnvReader: a problem in every section is
// reported in one error, in the order the variables are read.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { EnvReader } from '../../src/config/env-reader.js';
import { readSaoPauloConfig } from '../../src/config/config-sections.js';

describe('parseConfig sections', () => {
  it('reports the problems of every section together, in reading order', () => {
    const env = {
      PORT: 'x',
      NATIONAL_API_URL_LIVE: 'ftp://a',
      SAO_PAULO_SOAP: '2.0',
      CAPTURE_TICK_SECONDS: '-1',
      METRICS_TOKEN: 'short',
    };
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(
      [
        'invalid configuration:',
        '- PORT must be 0..65535, got "x"',
        '- NATIONAL_API_URL_LIVE must be an http(s) URL',
        '- SAO_PAULO_SOAP must be 1.1 or 1.2',
        '- CAPTURE_TICK_SECONDS must be a non-negative integer',
        '- METRICS_TOKEN must have at least 16 characters',
      ].join('\n'),
    );
  });

  it('a section reads alone, its problems collected by the reader', () => {
    const reader = new EnvReader({ SAO_PAULO_NFSE_URL: 'https://sp.example/lote/', SAO_PAULO_CIND_OP: '12' });
    const saoPaulo = readSaoPauloConfig(reader);
    expect(saoPaulo.url).toBe('https://sp.example/lote');
    expect(saoPaulo.soapVersion).toBe('1.2');
    expect(reader.problems).toEqual(['SAO_PAULO_CIND_OP must have 6 digits']);
  });
});
