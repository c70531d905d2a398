import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { readCertificate } from '../../src/engine/certificados/certificate.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { httpSefazGateway, type SefazTarget } from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { selfSignedServerCert, testIdentity } from '../support/nfse-fixtures.js';

const server = selfSignedServerCert();
let https: Server;
let base: string;
/** Subject CN of each client certificate that got a request through, and the SOAP action it asked for. */
const seen: Array<{ cn: string; contentType: string }> = [];

beforeAll(async () => {
  // Like a SEFAZ: TLS refuses any client without a certificate issued by a CA it trusts (here, the company's A1).
  https = createHttpsServer(
    {
      key: server.key,
      cert: server.cert,
      requestCert: true,
      rejectUnauthorized: true,
      ca: testIdentity().a1.certificatePem,
    },
    (req, res) => {
      seen.push({
        cn: String((req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? ''),
        contentType: String(req.headers['content-type']),
      });
      req.resume();
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/soap+xml' })
          .end('<retConsStatServ><cStat>107</cStat></retConsStatServ>'),
      );
    },
  );
  await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
});
afterAll(async () => {
  https?.closeAllConnections();
  await new Promise((r) => https?.close(r));
});

const target = (credentials: SefazTarget['credentials']): SefazTarget => ({
  environment: 'test',
  cUF: '43',
  simulacao: null,
  credentials,
});

describe('httpSefazGateway over https: mutual TLS with the company A1', () => {
  it('presents the A1: the authority sees its subject and answers', async () => {
    const { a1 } = testIdentity();
    const gateway = httpSefazGateway({
      urls: { test: base, live: null },
      simulatorUrl: () => base,
      timeoutMs: 5000,
      ca: server.cert,
    });
    try {
      const answer = await gateway.status(
        target({ privateKeyPem: a1.privateKeyPem, certificatePem: a1.certificatePem, serial: a1.serial }),
      );
      expect(answer).toContain('<cStat>107</cStat>');
      expect(seen).toEqual([{ cn: a1.subjectCn, contentType: expect.stringContaining('NFeStatusServico4') }]);
    } finally {
      await gateway.close();
    }
  });

  it('a certificate the authority does not trust is refused in the handshake: no request reaches it', async () => {
    const other = generateTestCertificate({ cnpj: '11444777000161', razaoSocial: 'OUTRA EMPRESA LTDA' });
    const wrong = readCertificate(other.pkcs12, other.password);
    const gateway = httpSefazGateway({
      urls: { test: base, live: null },
      simulatorUrl: () => base,
      timeoutMs: 5000,
      ca: server.cert,
    });
    const before = seen.length;
    try {
      const outcome = await gateway
        .status(
          target({ privateKeyPem: wrong.privateKeyPem, certificatePem: wrong.certificatePem, serial: wrong.serial }),
        )
        .then(
          (text) => `answered: ${text}`,
          (err: Error) => `refused: ${err.message}`,
        );
      expect(outcome).toMatch(/^refused: /);
      expect(seen.length).toBe(before);
    } finally {
      await gateway.close();
    }
  });
});

describe('SEFAZ_CA_FILE: the CA bundle the authorities are checked against', () => {
  const a1 = () => testIdentity().a1;
  const credentials = () => ({
    privateKeyPem: a1().privateKeyPem,
    certificatePem: a1().certificatePem,
    serial: a1().serial,
  });

  it("the bundle from the file lets the gateway trust the authority; without it Node's store refuses the server", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sefaz-ca-'));
    const file = join(dir, 'icp-brasil.pem');
    writeFileSync(file, server.cert);
    const { sefazCa } = parseConfig({ SEFAZ_CA_FILE: file });
    expect(sefazCa).toBe(server.cert);
    const trusted = httpSefazGateway({
      urls: { test: base, live: null },
      simulatorUrl: () => base,
      timeoutMs: 5000,
      ca: sefazCa ?? undefined,
    });
    const untrusted = httpSefazGateway({
      urls: { test: base, live: null },
      simulatorUrl: () => base,
      timeoutMs: 5000,
      ca: parseConfig({}).sefazCa ?? undefined,
    });
    try {
      expect(await trusted.status(target(credentials()))).toContain('<cStat>107</cStat>');
      const outcome = await untrusted.status(target(credentials())).then(
        () => 'answered',
        (err: Error) => `refused: ${err.message}`,
      );
      expect(outcome).toMatch(/^refused: /);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it('a missing file or one without a PEM certificate stops the start with the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sefaz-ca-'));
    const empty = join(dir, 'empty.pem');
    writeFileSync(empty, 'nada aqui');
    expect(() => parseConfig({ SEFAZ_CA_FILE: join(dir, 'missing.pem') })).toThrow(ConfigError);
    expect(() => parseConfig({ SEFAZ_CA_FILE: empty })).toThrow(/holds no PEM certificate/);
  });
});
