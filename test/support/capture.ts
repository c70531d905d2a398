import { expect } from 'vitest';
import { runDueCaptures } from '../../src/engine/captura/run-due-captures.js';
import type { StoreOptions } from '../../src/engine/captura/store-adn-page.js';
import { HOUR } from '../../src/engine/nucleo/clock.js';
import { buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner, signXml, type XmlSigner } from '../../src/engine/xml/sign-xml.js';
import type { TransmissionDeps } from '../../src/engine/transmission-deps.js';
import { baseDps } from './nfse-fixtures.js';
import type { Http, HttpResponse } from './http.js';
import { ref } from './nfse.js';
import { MUNICIPIO_NACIONAL } from './seed.js';

/** One capture tick, as the worker runs it (hourly schedule). */
export const capture = (engine: TransmissionDeps, options: StoreOptions = {}) =>
  runDueCaptures(engine, { intervalMs: HOUR, ...options });

/** Issues a production note through the API (authorised synchronously) and returns it. */
export async function issueLive(live: Http, empresaId: string, tomadorCnpj: string): Promise<Record<string, any>> {
  const res = await live.post('/v1/nfse', {
    empresa_id: empresaId,
    referencia: ref('cap'),
    tomador: { documento: tomadorCnpj, nome: 'Tomador Ltda' },
    valor: '1500.00',
    servico: { descricao: 'Desenvolvimento de sistema sob encomenda' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const signers = new Map<string, XmlSigner>();
/**
 * A production note issued elsewhere (another issuer application, straight at the national side) by `prestCnpj`
 * to `tomaCnpj`: it exists only in the simulator until the distribution reports it.
 */
export function dpsIssuedElsewhere(prestCnpj: string, tomaCnpj: string, nDPS: number): string {
  let signer = signers.get(prestCnpj);
  if (!signer) {
    const cert = generateTestCertificate({ cnpj: prestCnpj, razaoSocial: 'EMISSOR EXTERNO LTDA' });
    signers.set(prestCnpj, (signer = createXmlSigner(cert.privateKeyPem, cert.certificatePem)));
  }
  const now = new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 19);
  const input = baseDps({
    tpAmb: '1',
    serie: '1',
    nDPS: String(nDPS),
    dhEmi: `${now}-03:00`,
    dCompet: now.slice(0, 10),
    cLocEmi: MUNICIPIO_NACIONAL,
    prest: { CNPJ: prestCnpj, regTrib: { opSimpNac: '1', regEspTrib: '0' } },
    toma: { CNPJ: tomaCnpj, xNome: 'Tomador Ltda' },
    serv: {
      locPrest: { cLocPrestacao: MUNICIPIO_NACIONAL },
      cServ: { cTribNac: '010101', xDescServ: 'Serviço prestado' },
    },
  });
  return signXml(buildDpsXml(input), signer, { element: 'infDPS' });
}

/** Every document visible to this key, following proximoCursor. */
export async function allDocuments(http: Http, query = ''): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const res: HttpResponse = await http.get(
      `/v1/documents?limite=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.itens);
    cursor = res.body.proximoCursor;
  } while (cursor);
  return out;
}
