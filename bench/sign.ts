// Builds and signs DPS on one core for ~5 s and compares with `openssl speed rsa2048` (sign/s).
// Usage: npx tsx bench/sign.ts [seconds]. Prints human lines, then one JSON line with the figures.
import { execFileSync } from 'node:child_process';
import { buildDpsXml } from '../src/engine/nfse/nacional/build-dps-xml.js';
import type { DpsInput } from '../src/engine/nfse/nacional/dps-input.js';
import { generateTestCertificate } from '../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner, signXml } from '../src/engine/xml/sign-xml.js';

const seconds = Number(process.argv[2] ?? 5);
const cert = generateTestCertificate({ cnpj: '11222333000181', razaoSocial: 'BENCH LTDA' });
const signer = createXmlSigner(cert.privateKeyPem, cert.certificatePem);

function dps(n: number): DpsInput {
  return {
    tpAmb: '2',
    dhEmi: '2026-01-15T10:00:00-03:00',
    verAplic: 'bench',
    serie: '49999',
    nDPS: String(n),
    dCompet: '2026-01-15',
    tpEmit: '1',
    cLocEmi: '3550308',
    prest: { CNPJ: '11222333000181', regTrib: { opSimpNac: '1', regEspTrib: '0' } },
    toma: { CPF: '12345678909', xNome: 'Fulano de Tal' },
    serv: {
      locPrest: { cLocPrestacao: '3550308' },
      cServ: { cTribNac: '010101', xDescServ: 'Desenvolvimento de sistema sob encomenda' },
    },
    valores: {
      vServPrest: { vServ: '1500.00' },
      trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '1', pAliq: '2.00' }, totTrib: { indTotTrib: '0' } },
    },
  };
}

for (let i = 1; i <= 200; i++) signXml(buildDpsXml(dps(i)), signer, { element: 'infDPS' }); // warm-up (JIT)

let count = 0;
const start = process.hrtime.bigint();
const deadline = start + BigInt(Math.round(seconds * 1e9));
while (process.hrtime.bigint() < deadline) {
  count += 1;
  signXml(buildDpsXml(dps(count)), signer, { element: 'infDPS' });
}
const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
const dpsPerSecond = count / elapsed;
console.log(`DPS build+sign: ${count} in ${elapsed.toFixed(2)} s = ${dpsPerSecond.toFixed(0)} DPS/s (1 core)`);

function opensslRsa2048SignsPerSecond(): number | null {
  try {
    // -multi is not passed: one process = one core, like the loop above.
    const out = execFileSync('openssl', ['speed', '-seconds', '3', 'rsa2048'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = out.split('\n').find((l) => /^rsa\s+2048 bits?/.test(l.trim()));
    const cols = line?.trim().split(/\s+/) ?? [];
    // "rsa 2048 bits 0.000730s 0.000021s 1369.9 47619.0": sign/s is the second-to-last column.
    const value = Number(cols[cols.length - 2]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

const opensslSignPerSecond = opensslRsa2048SignsPerSecond();
const ratio = opensslSignPerSecond ? dpsPerSecond / opensslSignPerSecond : null;
console.log(`openssl speed rsa2048: ${opensslSignPerSecond?.toFixed(1) ?? 'n/a'} sign/s`);
console.log(`ratio: ${ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)}% of OpenSSL (target >= 50%)`}`);
console.log(
  JSON.stringify({
    bench: 'sign',
    seconds: Number(elapsed.toFixed(2)),
    signed: count,
    dpsPerSecond: Number(dpsPerSecond.toFixed(1)),
    opensslSignPerSecond,
    ratio: ratio === null ? null : Number(ratio.toFixed(3)),
  }),
);
