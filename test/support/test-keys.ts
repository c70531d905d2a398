import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner, type XmlSigner } from '../../src/engine/xml/sign-xml.js';

// Generating an RSA key is most of what a test certificate costs, and the suite makes hundreds (every seeded
// company, every test app's simulator). One key and one simulator certificate serve a whole worker process: kept on
// globalThis because each test file gets fresh instances of the project's modules, this one included.
const KEYS = Symbol.for('fiscal-api.test-keys');
type Held = { privateKey?: KeyObject; simulatorSigner?: XmlSigner };
const held = ((globalThis as { [KEYS]?: Held })[KEYS] ??= {});

/** The RSA key of the seeded companies' certificates. */
export function testPrivateKey(): KeyObject {
  return (held.privateKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
}

/** The national simulator's signing certificate, as `createSimulator` would make it. */
export function simulatorSigner(): XmlSigner {
  if (!held.simulatorSigner) {
    const cert = generateTestCertificate({ cnpj: '11111111000191', razaoSocial: 'SEFIN NACIONAL SIMULADOR' });
    held.simulatorSigner = createXmlSigner(cert.privateKeyPem, cert.certificatePem);
  }
  return held.simulatorSigner;
}
