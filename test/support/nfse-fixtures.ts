import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import {
  generateTestCertificate,
  type TestCertificate,
} from '../../src/engine/certificados/generate-test-certificate.js';
import { readCertificate, type A1Certificate } from '../../src/engine/certificados/certificate.js';
import { createXmlSigner, type XmlSigner } from '../../src/engine/xml/sign-xml.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';

export const PREST_CNPJ = '11222333000181';
export const TOMA_CNPJ = '19131243000197';
export const TOMA_CPF = '12345678909';
export const SAO_PAULO = '3550308';
export const CURITIBA = '4106902';

let cached: { cert: TestCertificate; a1: A1Certificate; signer: XmlSigner } | undefined;

/** One generated e-CNPJ A1 for the whole test file (keygen ~50-300 ms). */
export function testIdentity(): { cert: TestCertificate; a1: A1Certificate; signer: XmlSigner } {
  if (!cached) {
    const cert = generateTestCertificate({ cnpj: PREST_CNPJ, razaoSocial: 'EMPRESA DEMONSTRACAO LTDA' });
    const a1 = readCertificate(cert.pkcs12, cert.password);
    cached = { cert, a1, signer: createXmlSigner(a1.privateKeyPem, a1.certificatePem) };
  }
  return cached;
}

let seq = 0;
/** Unique nDPS per call so simulator tests never collide on E0014 by accident. */
export function nextNDps(): string {
  seq += 1;
  return String(Date.now() % 1_000_000_000) + String(seq).padStart(4, '0');
}

export function baseDps(overrides: Partial<DpsInput> = {}): DpsInput {
  return {
    tpAmb: '2',
    dhEmi: '2026-01-15T10:00:00-03:00',
    verAplic: 'fiscal-api-1.0',
    serie: '49999',
    nDPS: nextNDps(),
    dCompet: '2026-01-15',
    tpEmit: '1',
    cLocEmi: SAO_PAULO,
    prest: {
      CNPJ: PREST_CNPJ,
      IM: '12345678',
      email: 'fiscal@empresa.com.br',
      regTrib: { opSimpNac: '1', regEspTrib: '0' },
    },
    toma: { CPF: TOMA_CPF, xNome: 'Fulano de Tal' },
    serv: {
      locPrest: { cLocPrestacao: SAO_PAULO },
      cServ: {
        cTribNac: '010101',
        xDescServ: 'Desenvolvimento de sistema sob encomenda\nFase 1 & 2 <entrega>',
        cNBS: '115021000',
      },
    },
    valores: {
      vServPrest: { vServ: '1500.00' },
      trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '1', pAliq: '2.00' }, totTrib: { indTotTrib: '0' } },
    },
    ...overrides,
  };
}

/** The DPS variants the schema and signature tests cover. */
export function dpsVariants(): Record<string, DpsInput> {
  const base = baseDps();
  return {
    'tomador CPF': base,
    'tomador CNPJ com endereço': baseDps({
      toma: {
        CNPJ: TOMA_CNPJ,
        xNome: 'Cliente Exemplo S.A.',
        end: {
          endNac: { cMun: CURITIBA, CEP: '80010000' },
          xLgr: 'Rua XV de Novembro',
          nro: '100',
          xCpl: 'Sala 2',
          xBairro: 'Centro',
        },
        email: 'compras@cliente.com.br',
      },
    }),
    obra: baseDps({
      serv: {
        locPrest: { cLocPrestacao: SAO_PAULO },
        cServ: { cTribNac: '070201', xDescServ: 'Execução de obra de construção civil' },
        obra: { inscImobFisc: '123456', cObra: '900012345678' },
      },
    }),
    'obra com endereço': baseDps({
      serv: {
        locPrest: { cLocPrestacao: SAO_PAULO },
        cServ: { cTribNac: '070201', xDescServ: 'Reforma' },
        obra: { end: { CEP: '01001000', xLgr: 'Praça da Sé', nro: '1', xBairro: 'Sé' } },
      },
    }),
    substituicao: baseDps({
      subst: {
        chSubstda: '35503082211222333000181000000000000126011234567894',
        cMotivo: '99',
        xMotivo: 'Valor informado incorretamente',
      },
    }),
    'ISS retido': baseDps({
      toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' },
      valores: {
        vServPrest: { vServ: '1000.00' },
        trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '2', pAliq: '5.00' }, totTrib: { indTotTrib: '0' } },
      },
    }),
    'Simples Nacional ME/EPP': baseDps({
      prest: { CNPJ: PREST_CNPJ, regTrib: { opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' } },
      valores: {
        vServPrest: { vServ: '250.50' },
        trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '1' }, totTrib: { pTotTribSN: '6.00' } },
      },
    }),
    'IBS/CBS': baseDps({
      IBSCBS: {
        finNFSe: '0',
        indFinal: '1',
        cIndOp: '100301',
        indDest: '0',
        valores: { trib: { gIBSCBS: { CST: '000', cClassTrib: '000001' } } },
      },
    }),
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function writeTemp(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A self-signed https server certificate for 127.0.0.1, for mutual TLS tests. */
export function selfSignedServerCert(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ shortName: 'CN', value: 'sefin.simulada' }]);
  cert.setIssuer([{ shortName: 'CN', value: 'sefin.simulada' }]);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}
