import { createAuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { emitDps, getNfse, queryDps, registerEvent } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { gzipBase64 } from '../../src/engine/xml/gzip-base64.js';
import { readErrors } from '../../src/engine/autoridades/nfse-nacional/read-errors.js';
import { selfSignedServerCert, testIdentity } from '../support/nfse-fixtures.js';

const CHAVE = '35503082211222333000181000000000000126011234567894';
const NFSE = `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS${CHAVE}"><nNFSe>17</nNFSe></infNFSe></NFSe>`;

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function fakeSefin(handler: Handler): Promise<string> {
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/SefinNacional`;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

describe('national client: tolerant parsing of real answers', () => {
  it('201 with alertas null and idDps carrying "NFS"+chave: key and number come from the XML', async () => {
    let seen: { path?: string; payload?: unknown; version?: string } = {};
    const url = await fakeSefin((req, res, body) => {
      seen = { path: req.url, payload: JSON.parse(body), version: req.httpVersion };
      json(res, 201, {
        tipoAmbiente: 2,
        versaoAplicativo: 'SefinNacional_1.6.0',
        dataHoraProcessamento: '2026-08-31T07:48:27.590508-03:00',
        idDps: `NFS${CHAVE}`,
        chaveAcesso: CHAVE,
        nfseXmlGZipB64: gzipBase64(NFSE),
        alertas: null,
      });
    });
    const client = createAuthorityClient({ baseUrl: url });
    const r = await emitDps(client, { dpsXml: '<DPS/>' });
    expect(r).toMatchObject({ kind: 'authorized', chave: CHAVE, numero: '17', alertas: [], nfseXml: NFSE });
    expect(seen.path).toBe('/SefinNacional/nfse');
    expect(seen.version).toBe('1.1');
    expect(Object.keys(seen.payload as object)).toEqual(['dpsXmlGZipB64']);
    await client.close();
  });

  it('400 with PascalCase erros[] and idDPS', async () => {
    const url = await fakeSefin((_req, res) =>
      json(res, 400, {
        tipoAmbiente: 2,
        idDPS: 'DPS1',
        erros: [
          {
            Codigo: 'E1235',
            Descricao: 'Falha no esquema XML do DF-e.',
            Complemento: "O elemento raiz do XML deve ser 'DPS'",
          },
        ],
      }),
    );
    const client = createAuthorityClient({ baseUrl: url });
    expect(await emitDps(client, { dpsXml: '<x/>' })).toEqual({
      kind: 'rejected',
      status: 400,
      idDps: 'DPS1',
      erros: [
        {
          codigo: 'E1235',
          descricao: 'Falha no esquema XML do DF-e.',
          complemento: "O elemento raiz do XML deve ser 'DPS'",
        },
      ],
    });
    await client.close();
  });

  it('readErrors accepts camelCase erros[], a single erro object and null lists', () => {
    expect(readErrors({ erro: { codigo: 'E2401', descricao: 'Chave de acesso não encontrada.' } })).toEqual([
      { codigo: 'E2401', descricao: 'Chave de acesso não encontrada.' },
    ]);
    expect(
      readErrors({ erros: [{ codigo: 'E0840', descricao: 'x' }], erro: { codigo: 'E0840', descricao: 'x' } }),
    ).toHaveLength(1);
    expect(readErrors({ erros: null, alertas: null })).toEqual([]);
    expect(readErrors('<html>IIS</html>')).toEqual([]);
  });

  it('HTML 500, 503, 403 and 404 map to delivery outcomes; GET /nfse 404 → not_found', async () => {
    const statuses = [500, 503, 403];
    const url = await fakeSefin((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/SefinNacional/nfse/'))
        return json(res, 404, { erro: { codigo: 'E2401', descricao: 'Chave de acesso não encontrada.' } });
      if (req.url?.startsWith('/SefinNacional/dps/')) return res.writeHead(404).end();
      const status = statuses.shift() ?? 500;
      res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Server Error</body></html>');
    });
    const client = createAuthorityClient({ baseUrl: url });
    expect(await emitDps(client, { dpsXml: '<x/>' })).toMatchObject({
      kind: 'unavailable',
      status: 500,
      received: 'unknown',
    });
    expect(await emitDps(client, { dpsXml: '<x/>' })).toMatchObject({
      kind: 'unavailable',
      status: 503,
      received: 'no',
    });
    expect(await registerEvent(client, { chave: CHAVE, eventXml: '<x/>' })).toMatchObject({
      kind: 'transmission_failed',
      status: 403,
      received: 'no',
    });
    expect(await getNfse(client, { chave: CHAVE })).toEqual({ kind: 'not_found' });
    expect(await queryDps(client, { idDps: 'DPS1', method: 'HEAD' })).toEqual({ kind: 'not_found' });
    await client.close();
  });

  it('per-call timeout when no answer comes', async () => {
    const url = await fakeSefin(() => undefined);
    const client = createAuthorityClient({ baseUrl: url, timeoutMs: 10_000 });
    const started = Date.now();
    expect(await emitDps(client, { dpsXml: '<x/>', timeoutMs: 150 })).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await client.close();
  });
});

describe('national client: mutual TLS', () => {
  it('presents the A1 certificate and speaks HTTP/1.1 over https', async () => {
    const { a1 } = testIdentity();
    const server = selfSignedServerCert();
    let peerCn: string | undefined;
    let alpn: string | false | null | undefined;
    const https = createHttpsServer(
      {
        key: server.key,
        cert: server.cert,
        requestCert: true,
        rejectUnauthorized: true,
        ca: a1.certificatePem,
        ALPNProtocols: ['h2', 'http/1.1'],
      },
      (req, res) => {
        const socket = req.socket as TLSSocket;
        peerCn = String(socket.getPeerCertificate().subject?.CN ?? '');
        alpn = socket.alpnProtocol;
        json(res, 404, { erro: { descricao: 'Nenhuma NFS-e encontrada' } });
      },
    );
    await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => (https.closeAllConnections(), https.close(() => r()))));
    const client = createAuthorityClient({
      baseUrl: `https://127.0.0.1:${(https.address() as AddressInfo).port}/SefinNacional`,
      tls: { privateKeyPem: a1.privateKeyPem, certificatePem: a1.certificatePem, ca: server.cert },
    });
    expect(await queryDps(client, { idDps: 'DPS1' })).toEqual({ kind: 'not_found' });
    expect(peerCn).toBe(a1.subjectCn);
    expect(alpn).toBe('http/1.1');
    await client.close();

    const anonymous = createAuthorityClient({
      baseUrl: `https://127.0.0.1:${(https.address() as AddressInfo).port}`,
      tls: undefined,
      timeoutMs: 2000,
    });
    expect((await queryDps(anonymous, { idDps: 'DPS1' })).kind).toBe('unknown');
    await anonymous.close();
  });
});
