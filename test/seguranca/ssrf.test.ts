import { describe, expect, it } from 'vitest';
import { checkHost } from '../../src/engine/webhooks/check-host.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient, expectProblem } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { emitEvent, fakeDns, PUBLIC_IP, startReceiver } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * The SSRF table: spellings of internal addresses, by what they reach. Every literal host must be refused as
 * written, at registration and at delivery; every name must be refused when any address it resolves to is
 * internal. A new spelling is checked at both by adding it to its row.
 */
const SPELLINGS: Record<string, string[]> = {
  // loopback in every IPv4 literal form: dotted, short, decimal, hex, octal, mixed, zero-padded, trailing dot
  loopback: [
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '127.0.0.1.',
    '127.000.000.001',
    '2130706433',
    '0x7f000001',
    '0x7F000001',
    '0x7f.0.0.1',
    '0x7f.0x0.0x0.0x1',
    '0x7f.1',
    '0177.0.0.1',
    '0177.0000.0000.0001',
    '017700000001',
    '0177.1',
  ],
  // this network (0/8, also as 0, 00 and 0x0), and the unspecified address
  'this network': ['0', '00', '0x0', '0.0.0.0', '0.1.2.3'],
  // RFC 1918, also in short, hex, octal and decimal forms
  private: [
    '10.0.0.1',
    '10.1',
    '012.1',
    '0xa.0.0.1',
    '167772161',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '3232235777',
    '0xc0a80101',
  ],
  // shared address space 100.64.0.0/10, both ends
  cgnat: ['100.64.0.0', '100.64.0.1', '100.100.100.200', '100.127.255.254', '100.127.255.255'],
  // link-local and cloud metadata addresses
  'link-local and metadata': ['169.254.169.254', '0xa9fea9fe', '2852039166', '169.254.0.1', '168.63.129.16'],
  // benchmarking, IETF, documentation, 6to4 relay, AS112, AMT, multicast, reserved, broadcast
  reserved: [
    '198.18.0.1',
    '198.19.255.255',
    '192.0.0.170',
    '192.0.0.8',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '192.88.99.1',
    '192.31.196.1',
    '192.52.193.1',
    '192.175.48.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ],
  // IPv6 loopback and unspecified in their spellings
  'IPv6 loopback and unspecified': ['[::1]', '[0:0:0:0:0:0:0:1]', '[::]', '[0::0]'],
  // fe80::/10 (both ends), fc00::/7 (both halves, incl. the AWS metadata address), site-local, multicast
  'IPv6 local': [
    '[fe80::]',
    '[fe80::1]',
    '[febf::1]',
    '[fc00::]',
    '[fc00::1]',
    '[fd00:ec2::254]',
    '[fdff:ffff::1]',
    '[fec0::1]',
    '[ff02::1]',
  ],
  // documentation, discard-only, ORCHID, benchmarking, AS112, segment routing, 3fff::/20
  'IPv6 reserved': [
    '[2001:db8::1]',
    '[2001:db8:ffff::1]',
    '[100::1]',
    '[2001:10::1]',
    '[2001:20::1]',
    '[2001:2::1]',
    '[2620:4f:8000::1]',
    '[5f00::1]',
    '[3fff::1]',
  ],
  // IPv4-mapped, IPv4-translated and IPv4-compatible IPv6, NAT64 (well-known and local-use), 6to4, Teredo
  'IPv4 inside IPv6': [
    '[::ffff:127.0.0.1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    '[::ffff:0.0.0.0]',
    '[::ffff:0:7f00:1]',
    '[::ffff:0:127.0.0.1]',
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[::a00:1]',
    '[::1.2.3.4]',
    '[64:ff9b::7f00:1]',
    '[64:ff9b::a9fe:a9fe]',
    '[64:ff9b::10.0.0.1]',
    '[64:ff9b::0.0.0.0]',
    '[64:ff9b:1::a00:1]',
    '[2002:7f00:1::1]',
    '[2001::1]',
  ],
};
const LITERALS = Object.values(SPELLINGS).flat();

/** Names, with what the DNS answers for them: one internal address among public ones refuses the name. */
const NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  // a trailing dot (the absolute name) and a subdomain of localhost (RFC 6761) are still loopback
  'localhost.': ['127.0.0.1'],
  'app.localhost': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'cgnat.example.com': ['100.64.0.1'],
  'ula.example.com': ['fd12:3456::1'],
  'mixed.example.com': [PUBLIC_IP, '10.0.0.1'],
  'mixed6.example.com': ['2606:4700:4700::1111', 'fd12:3456::1'],
  'mapped.example.com': ['::ffff:192.168.0.10'],
  'nat64.example.com': ['64:ff9b::c0a8:1'],
  'unspecified.example.com': ['0.0.0.0'],
};
/** What a resolver answers for a literal: the canonical address (the delivery-time rebinding target). */
const addressOf = (host: string) => new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '');

const dns = fakeDns({ 'hooks.example.com': [PUBLIC_IP], ...NAMES, 'control.example.com': ['127.0.0.2'] });
let t: TestApp;
let account: SeededAccount;

// Only 127.0.0.2 is exempt (the control receiver listens there): every corpus entry stays internal.
useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ worker: false, resolveHost: dns, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.2/32' } }),
);

/** A client that takes a new key every 100 requests: the corpus is larger than the 120-per-minute limit. */
function client() {
  let used = 0;
  let http: ReturnType<typeof httpClient> | null = null;
  return async () => {
    if (!http || used++ >= 100) {
      http = httpClient(t.url, await account.key('live'));
      used = 1;
    }
    return http;
  };
}

describe('SSRF: every spelling of an internal address is refused at registration and at delivery', () => {
  it('refuses every literal and every name with one internal address, and accepts public ones', async () => {
    const policy = { resolveHost: dns, allowedCidrs: [] };
    for (const [reach, hosts] of Object.entries(SPELLINGS)) {
      for (const host of hosts) {
        const verdict = await checkHost(policy, new URL(`http://${host}/`).hostname);
        expect(verdict.ok, `${reach}: ${host}`).toBe(false);
      }
    }
    for (const name of Object.keys(NAMES)) expect((await checkHost(policy, name)).ok, name).toBe(false);
    for (const host of ['hooks.example.com', '93.184.216.34', '[2606:4700:4700::1111]', '8.8.8.8']) {
      expect((await checkHost(policy, new URL(`http://${host}/`).hostname)).ok, host).toBe(true);
    }
    // The exemption covers its range only.
    expect((await checkHost({ resolveHost: dns, allowedCidrs: ['127.0.0.2/32'] }, '127.0.0.2')).ok).toBe(true);
    expect((await checkHost({ resolveHost: dns, allowedCidrs: ['127.0.0.2/32'] }, '127.0.0.3')).ok).toBe(false);
  });

  it('refuses every entry at registration with 422 endereco_interno at /url', async () => {
    const http = client();
    for (const host of [...LITERALS, ...Object.keys(NAMES)]) {
      for (const scheme of ['http', 'https']) {
        const res = expectProblem(
          await (await http()).post('/v1/webhooks', { url: `${scheme}://${host}/hook`, eventos: ['NFSE_AUTORIZADA'] }),
          422,
          'validacao',
        );
        expect(
          res.erros.map((e: { codigo: string; campo: string }) => [e.codigo, e.campo]),
          host,
        ).toEqual([['endereco_interno', '/url']]);
      }
    }
    expect(await t.app.engine.db.webhook.count({ where: { accountId: account.accountId } })).toBe(0);
  });

  it('refuses at delivery a name that was public at registration and now resolves to any corpus address', async () => {
    // On every local address: a refusal cannot be mistaken for "nothing listening".
    const receiver = await startReceiver(undefined, '0.0.0.0');
    const http = client();
    const targets = [...LITERALS.map(addressOf), ...Object.values(NAMES).map((a) => a.join(','))];
    const hooks: Array<{ id: string; target: string }> = [];
    for (const [i, target] of targets.entries()) {
      dns.table[`rebind-${i}.example.com`] = [PUBLIC_IP];
      const res = await (
        await http()
      ).post('/v1/webhooks', {
        url: `http://rebind-${i}.example.com:${receiver.port}/hook`,
        eventos: ['NFSE_AUTORIZADA'],
      });
      expect(res.status, res.text).toBe(201);
      hooks.push({ id: res.body.id, target });
    }
    // The control: an exempt address reached through the same checked lookup is delivered to.
    const control = await (
      await http()
    ).post('/v1/webhooks', {
      url: `http://control.example.com:${receiver.port}/control`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(control.status, control.text).toBe(201);
    // DNS rebinding: every name now answers an internal address.
    for (const [i, target] of targets.entries()) dns.table[`rebind-${i}.example.com`] = target.split(',');

    await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'rebinding' });
    await drainWebhooks(t.app.engine);
    expect(receiver.received.map((r) => r.path)).toEqual(['/control']);
    for (const hook of hooks) {
      const delivery = await t.app.engine.db.webhookDelivery.findFirstOrThrow({
        where: { webhookId: hook.id },
        include: { attemptsLog: true },
      });
      expect(delivery.attemptsLog, hook.target).toHaveLength(1);
      expect(delivery.attemptsLog[0]!.responseStatus, hook.target).toBeNull();
      expect(delivery.attemptsLog[0]!.erro, hook.target).toMatch(/^endereço recusado/);
    }
    await receiver.close();
  });

  it('refuses at delivery a stored URL whose literal is internal (checked before connecting, not only at registration)', async () => {
    const receiver = await startReceiver();
    const http = httpClient(t.url, await account.key('live'));
    const created = await http.post('/v1/webhooks', {
      url: 'https://hooks.example.com/x',
      eventos: ['NFSE_REJEITADA'],
    });
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]', '[::1]']) {
      await t.app.engine.db.webhook.update({
        where: { id: created.body.id },
        data: { url: new URL(`http://${host}:${receiver.port}/direct`).toString() },
      });
      await emitEvent(t.app.engine, account.accountId, 'live', 'NFSE_REJEITADA', { id: host });
      await drainWebhooks(t.app.engine);
    }
    expect(receiver.received).toHaveLength(0);
    const attempts = await t.app.engine.db.webhookAttempt.findMany({
      where: { delivery: { webhookId: created.body.id } },
    });
    expect(attempts).toHaveLength(5);
    expect(attempts.every((a) => a.erro?.startsWith('endereço recusado'))).toBe(true);
    await receiver.close();
  });
});
