import { createPrivateKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import {
  generateTestCertificate,
  type TestCertificate,
} from '../../src/engine/certificados/generate-test-certificate.js';
import { httpClient, type HttpResponse } from '../support/http.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

const live = () => httpClient(t.url, acct.liveKey);
const certFor = (cnpj: string, days = { from: -1, to: 365 }, password?: string): TestCertificate => {
  const now = Date.now();
  return generateTestCertificate({
    cnpj,
    razaoSocial: 'EMPRESA CERTIFICADA LTDA',
    password,
    notBefore: new Date(now + days.from * DAY),
    notAfter: new Date(now + days.to * DAY),
  });
};
const sendJson = (company: SeededCompany, arquivo: string, senha: string) =>
  live().post(`/v1/companies/${company.id}/certificate`, { arquivo, senha });
const sendMultipart = (company: SeededCompany, file: Buffer, senha: string) => {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(file)], { type: 'application/x-pkcs12' }), 'certificado.pfx');
  form.append('senha', senha);
  return live().request('POST', `/v1/companies/${company.id}/certificate`, { raw: form });
};

function expectRefusal(res: HttpResponse, field: 'arquivo' | 'senha', about?: RegExp) {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(res.body.error).toBe('Unprocessable Entity');
  const messages: string[] = Array.isArray(res.body.message) ? res.body.message : [res.body.message];
  expect(
    messages.some((m) => m.startsWith(`${field}:`)),
    messages.join(' | '),
  ).toBe(true);
  if (about) expect(messages.join(' ')).toMatch(about);
}

async function storedRow(companyId: string) {
  return t.app.engine.db.certificate.findUnique({ where: { companyId } });
}

describe('POST /v1/companies/{id}/certificate', () => {
  it('stores a JSON base64 PKCS#12, answers its facts, never the key', async () => {
    const company = await acct.company({}, { certificate: false });
    const cert = certFor(company.cnpj);
    const res = await sendJson(company, cert.pkcs12.toString('base64'), cert.password);
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(company.id);
    expect(res.body.certificado).toEqual({
      cnpj: company.cnpj,
      titular: `EMPRESA CERTIFICADA LTDA:${company.cnpj}`,
      serial: expect.stringMatching(/^[0-9a-f]+$/),
      valido_de: expect.any(String),
      valido_ate: expect.any(String),
    });
    expect(new Date(res.body.certificado.valido_ate).getTime()).toBeGreaterThan(Date.now() + 360 * DAY);
    for (const secret of [
      'PRIVATE KEY',
      cert.password,
      cert.pkcs12.toString('base64').slice(0, 40),
      'key_enc',
      'keyEnc',
    ]) {
      expect(res.text).not.toContain(secret);
    }
    // Reading the company back shows the same facts and nothing secret either.
    const again = await live().get(`/v1/companies/${company.id}`);
    expect(again.body.certificado).toEqual(res.body.certificado);
    expect(again.text).not.toContain('PRIVATE KEY');
  });

  it('keeps the key encrypted at rest under the app secret box, bound to the company', async () => {
    const company = await acct.company({}, { certificate: false });
    const cert = certFor(company.cnpj);
    expect((await sendJson(company, cert.pkcs12.toString('base64'), cert.password)).status).toBe(200);
    const row = (await storedRow(company.id))!;
    expect(row).not.toBeNull();
    expect(row.keyEnc).not.toContain('BEGIN');
    expect(row.keyEnc).not.toContain(cert.privateKeyPem.split('\n')[1]!);
    expect(row.keyEnc).toMatch(/^v1\./);
    const opened = t.app.engine.secrets.open(row.keyEnc, `company-key:${company.id}`).toString('utf8');
    expect(opened).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const der = (pem: string) => createPrivateKey(pem).export({ format: 'der', type: 'pkcs8' });
    expect(der(opened).equals(der(cert.privateKeyPem))).toBe(true);
    // Copied to another company's row it does not open (the company id is authenticated data).
    expect(() => t.app.engine.secrets.open(row.keyEnc, 'company-key:00000000-0000-0000-0000-000000000000')).toThrow();
    expect(row.certPem).toContain('BEGIN CERTIFICATE');
  });

  it('accepts multipart with the file in `arquivo` and the password in `senha`', async () => {
    const company = await acct.company({}, { certificate: false });
    const cert = certFor(company.cnpj);
    const res = await sendMultipart(company, cert.pkcs12, cert.password);
    expect(res.status, res.text).toBe(200);
    expect(res.body.certificado.cnpj).toBe(company.cnpj);
    expect((await storedRow(company.id))?.serial).toBe(res.body.certificado.serial);
  });

  it('replaces the previous certificate', async () => {
    const company = await acct.company();
    const before = (await live().get(`/v1/companies/${company.id}`)).body.certificado.serial;
    const cert = certFor(company.cnpj);
    const res = await sendJson(company, cert.pkcs12.toString('base64'), cert.password);
    expect(res.body.certificado.serial).not.toBe(before);
    expect(await t.app.engine.db.certificate.count({ where: { companyId: company.id } })).toBe(1);
  });

  describe('refusals name the field in the message (422)', () => {
    it('wrong password → senha:, in JSON and multipart', async () => {
      const company = await acct.company({}, { certificate: false });
      const cert = certFor(company.cnpj);
      expectRefusal(await sendJson(company, cert.pkcs12.toString('base64'), `${cert.password}x`), 'senha');
      expectRefusal(await sendMultipart(company, cert.pkcs12, 'errada'), 'senha');
      expect(await storedRow(company.id)).toBeNull();
    });

    it('not a PKCS#12 → arquivo:', async () => {
      const company = await acct.company({}, { certificate: false });
      expectRefusal(await sendJson(company, randomBytes(2048).toString('base64'), 'x'), 'arquivo');
      expectRefusal(
        await sendJson(company, Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n').toString('base64'), 'x'),
        'arquivo',
      );
      expectRefusal(await sendJson(company, 'isto não é base64!', 'x'), 'arquivo');
      expectRefusal(await sendMultipart(company, randomBytes(1500), 'x'), 'arquivo');
      expect(await storedRow(company.id)).toBeNull();
    });

    it('expired → arquivo:, and one not yet valid too', async () => {
      const company = await acct.company({}, { certificate: false });
      const expired = certFor(company.cnpj, { from: -400, to: -1 });
      expectRefusal(await sendJson(company, expired.pkcs12.toString('base64'), expired.password), 'arquivo', /vencido/);
      const future = certFor(company.cnpj, { from: 2, to: 400 });
      expectRefusal(await sendJson(company, future.pkcs12.toString('base64'), future.password), 'arquivo');
      expect(await storedRow(company.id)).toBeNull();
    });

    it('another CNPJ → arquivo:, and the stored certificate is kept', async () => {
      const company = await acct.company();
      const before = await storedRow(company.id);
      const foreign = certFor(randomNumericCnpj());
      expectRefusal(
        await sendJson(company, foreign.pkcs12.toString('base64'), foreign.password),
        'arquivo',
        new RegExp(company.cnpj),
      );
      expect((await storedRow(company.id))?.serial).toBe(before?.serial);
    });

    it('missing members → 422 naming them, never a 500', async () => {
      const company = await acct.company({}, { certificate: false });
      const res = await live().post(`/v1/companies/${company.id}/certificate`, {});
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toEqual(
        expect.arrayContaining([expect.stringMatching(/^arquivo:/), expect.stringMatching(/^senha:/)]),
      );
      const form = new FormData();
      form.append('senha', 'x');
      const noFile = await live().request('POST', `/v1/companies/${company.id}/certificate`, { raw: form });
      expect(noFile.status, noFile.text).toBe(422);
      expect(noFile.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^arquivo:/)]));
    });

    it('an unknown company → 404', async () => {
      const cert = certFor(randomNumericCnpj());
      const res = await live().post('/v1/companies/01a20156-0000-7000-8000-000000000000/certificate', {
        arquivo: cert.pkcs12.toString('base64'),
        senha: cert.password,
      });
      expect(res.status).toBe(404);
    });
  });
});
