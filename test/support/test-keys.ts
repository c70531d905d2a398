import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner, type XmlSigner } from '../../src/engine/xml/sign-xml.js';

// Generating an RSA key is most of what a test certificate costs, and the suite makes hundreds (every seeded
// company, every test app's simulator). One key and one simulator certificate serve a whole worker process: kept on
// globalThis because each test file gets fresh instances of the project's modules, this one included. Child
// processes (crash tests, clusters) read the same ones from the file named in TEST_KEYS_ENV.
const KEYS = Symbol.for('fiscal-api.test-keys');
type Held = {
  privateKey?: KeyObject;
  simulatorCert?: KeysFile['simulator'];
  simulatorSigner?: XmlSigner;
  file?: string;
};
const held = ((globalThis as { [KEYS]?: Held })[KEYS] ??= {});

/** Names the file with the PEMs of this process's test keys, for its child processes. */
export const TEST_KEYS_ENV = 'TEST_KEYS_FILE';

interface KeysFile {
  privateKeyPem: string;
  simulator: { privateKeyPem: string; certificatePem: string };
}

const inherited = (): KeysFile | undefined => {
  const file = process.env[TEST_KEYS_ENV];
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as KeysFile) : undefined;
};

/** The RSA key of the seeded companies' certificates. */
export function testPrivateKey(): KeyObject {
  const pem = inherited()?.privateKeyPem;
  return (held.privateKey ??= pem
    ? createPrivateKey(pem)
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
}

/** The national simulator's signing certificate, as `createSimulator` would make it. */
export function simulatorSigner(): XmlSigner {
  if (!held.simulatorSigner) {
    const cert = (held.simulatorCert =
      inherited()?.simulator ??
      generateTestCertificate({ cnpj: '11111111000191', razaoSocial: 'SEFIN NACIONAL SIMULADOR' }));
    held.simulatorSigner = createXmlSigner(cert.privateKeyPem, cert.certificatePem);
  }
  return held.simulatorSigner;
}

/** The environment that hands this process's keys to a child process (written once, removed at exit). */
export function testKeysEnv(): Record<string, string> {
  if (!held.file) {
    const dir = mkdtempSync(join(tmpdir(), 'fiscal-api-test-keys-'));
    simulatorSigner();
    const keys: KeysFile = {
      privateKeyPem: testPrivateKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
      simulator: {
        privateKeyPem: held.simulatorCert!.privateKeyPem,
        certificatePem: held.simulatorCert!.certificatePem,
      },
    };
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys), { mode: 0o600 });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    held.file = join(dir, 'keys.json');
  }
  return { [TEST_KEYS_ENV]: held.file };
}
