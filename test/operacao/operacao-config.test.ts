// The operation settings of src/config.ts: metrics exposure and the stop grace period, with their refusals.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';

describe('METRICS_PORT, METRICS_TOKEN, SHUTDOWN_GRACE_SECONDS', () => {
  it('default to no metrics and a 25 s grace period', () => {
    const config = parseConfig({});
    expect(config.metricsPort).toBeNull();
    expect(config.metricsToken).toBeNull();
    expect(config.shutdownGraceSeconds).toBe(25);
  });

  it('are read when set', () => {
    const config = parseConfig({
      METRICS_PORT: '9464',
      METRICS_TOKEN: ' 0123456789abcdef ',
      SHUTDOWN_GRACE_SECONDS: '2.5',
    });
    expect(config).toMatchObject({ metricsPort: 9464, metricsToken: '0123456789abcdef', shutdownGraceSeconds: 2.5 });
  });

  it.each([
    [{ METRICS_PORT: 'abc' }, 'METRICS_PORT must be 0..65535'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT must be 0..65535'],
    [{ PORT: '3000', METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must have at least 16 characters'],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, 'SHUTDOWN_GRACE_SECONDS must be a non-negative number'],
    [{ SHUTDOWN_GRACE_SECONDS: 'soon' }, 'SHUTDOWN_GRACE_SECONDS must be a non-negative number'],
  ])('refuse %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});
