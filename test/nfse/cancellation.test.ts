import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedCancellationXml } from '../../src/engine/nfse/nacional/build-event-xml.js';
import { registerEvent } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { companyCredentials } from '../../src/engine/empresas/company-credentials.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { eventsOfNote } from '../support/eventos.js';
import { httpClient, expectProblem, expectStatus } from '../support/http.js';
import { steps } from '../support/nfse.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { MUNICIPIO_NACIONAL } from '../support/seed.js';

const MOTIVO = 'Serviço não foi prestado ao cliente';

let k: NationalApiKit;
beforeAll(async () => {
  // The timeout scenario waits this long for an answer that never comes; processamento_lento answers well before it.
  k = await startKit({ nationalTimeoutMs: 2_000, simulatorDelays: { slowMs: 300 } });
});
afterAll(() => k?.close());

describe('POST /v1/nfse/{id}/cancelamento', () => {
  async function authorized() {
    return expectStatus(await k.issue(), 201);
  }
  const cancel = (
    id: string,
    body: unknown = { codigo_motivo: '2', motivo: MOTIVO },
    simular?: string,
    client = k.http,
  ) => client.post(`/v1/nfse/${id}/cancelamento`, body, { headers: simular ? { 'x-service-simular': simular } : {} });

  it('cancels an authorised note: protocol and event XML stored, NFSE_CANCELADA once, cancelled at the national side', async () => {
    const note = await authorized();
    const res = await cancel(note.id);
    const body = expectStatus(res, 200);
    expect(body.status).toBe('cancelada');
    expect(body.cancelamento).toMatchObject({
      tipo: 'cancelamento',
      codigo_motivo: '2',
      motivo: MOTIVO,
      recuperado: false,
    });
    expect(body.cancelamento.protocolo.evento_id).toBe(`EVT${note.chave_acesso}101101001`);
    expect(Date.parse(body.cancelamento.em)).not.toBeNaN();
    expect(Date.parse(body.cancelamento.solicitado_em)).not.toBeNaN();
    const eventoXml: string = body.cancelamento.evento_xml;
    expect(validateXsd(eventoXml, 'evento')).toEqual([]);
    expect(verifyXmlSignature(eventoXml, 'infEvento').valid).toBe(true);
    expect(eventoXml).toContain('<cMotivo>2</cMotivo>');
    expect(steps(body)).toContain('cancelada');

    const got = expectStatus(await k.http.get(`/v1/nfse/${note.id}`), 200);
    expect(got.status).toBe('cancelada');
    expect(got.cancelamento.evento_xml).toBe(eventoXml);
    const events = await eventsOfNote(k.http, note.id, 'NFSE_CANCELADA');
    expect(events).toHaveLength(1);
    expect(events[0]!.dados.status).toBe('cancelada');
    expect(k.t.app.simulator.note(note.chave_acesso)?.status).toBe('cancelada');

    // A second cancellation is refused as the national system would (E0840); the XML is still served.
    const again = expectProblem(await cancel(note.id), 422, 'cancelamento_recusado');
    expect(again.codigo_oficial).toBe('E0840');
    expect(again.nfse.status).toBe('cancelada');
    const xml = await k.http.get(`/v1/nfse/${note.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`Id="NFS${note.chave_acesso}"`);
    const pdf = await fetch(`${k.t.url}/v1/nfse/${note.id}/pdf`, {
      headers: { authorization: `Bearer ${k.account.testKey}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('a national refusal (X-Service-Simular: rejeitar:E0822) is 422 with codigo_oficial and the national message; the note stays autorizada', async () => {
    const note = await authorized();
    const problem = expectProblem(await cancel(note.id, undefined, 'rejeitar:E0822'), 422, 'cancelamento_recusado');
    expect(problem.codigo_oficial).toBe('E0822');
    expect(problem.mensagem).toMatch(/prazo para o cancelamento/i);
    expect(problem.retentavel).toBe(false);
    expect(problem.nfse.status).toBe('autorizada');
    expect(steps(problem.nfse)).toContain('cancelamento_recusado');
    expect(problem.erros[0]).toMatchObject({ codigo_oficial: 'E0822' });
    expect((await k.http.get(`/v1/nfse/${note.id}`)).body.status).toBe('autorizada');
    expect(await eventsOfNote(k.http, note.id, 'NFSE_CANCELADA')).toHaveLength(0);
    // Without the scenario the same note cancels.
    expect(expectStatus(await cancel(note.id), 200).status).toBe('cancelada');
  });

  it('an answer lost after the event was registered (timeout) is recovered by querying the event', async () => {
    const note = await authorized();
    const body = expectStatus(await cancel(note.id, undefined, 'timeout'), 200);
    expect(body.status).toBe('cancelada');
    expect(body.cancelamento.recuperado).toBe(true);
    expect(steps(body)).toEqual(expect.arrayContaining(['consulta_evento', 'cancelada']));
    expect(await eventsOfNote(k.http, note.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });

  it('a national outage is 503 retentavel with the note still autorizada; repeating the call cancels it', async () => {
    const note = await authorized();
    const problem = expectProblem(await cancel(note.id, undefined, 'indisponibilidade'), 503, 'servico_indisponivel');
    expect(problem.retentavel).toBe(true);
    expect((await k.http.get(`/v1/nfse/${note.id}`)).body.status).toBe('autorizada');
    expect(expectStatus(await cancel(note.id, undefined, 'indisponibilidade'), 200).status).toBe('cancelada');
  });

  it('slow national answer (processamento_lento) still cancels; falha_transmissao:nao is refused with the national code', async () => {
    const slow = await authorized();
    expect(expectStatus(await cancel(slow.id, undefined, 'processamento_lento'), 200).status).toBe('cancelada');
    const refused = await authorized();
    const problem = expectProblem(
      await cancel(refused.id, undefined, 'falha_transmissao:nao'),
      422,
      'cancelamento_recusado',
    );
    expect(problem.codigo_oficial).toBe('E1200');
    expect(problem.nfse.status).toBe('autorizada');
  });

  it('a note cancelled at the national side by other means (E0840) is brought in line with that event', async () => {
    const note = await authorized();
    const engine = k.t.app.engine;
    const { credentials, signer } = await companyCredentials(engine, k.company.id);
    const portal = buildSignedCancellationXml(
      {
        tpAmb: '2',
        verAplic: 'portal-nacional',
        dhEvento: '2026-01-16T09:00:00-03:00',
        CNPJAutor: k.company.cnpj,
        chNFSe: note.chave_acesso,
        cMotivo: '1',
        xMotivo: 'Cancelada pelo portal nacional',
      },
      signer,
    );
    const direct = await registerEvent(engine.national.client('test', 'autorizar', credentials), {
      chave: note.chave_acesso,
      eventXml: portal,
    });
    expect(direct.kind).toBe('registered');

    const body = expectStatus(await cancel(note.id), 200);
    expect(body.status).toBe('cancelada');
    expect(body.cancelamento).toMatchObject({
      codigo_motivo: '1',
      motivo: 'Cancelada pelo portal nacional',
      recuperado: true,
    });
  });

  it('validation: every problem of the body at once (422 validacao)', async () => {
    const note = await authorized();
    const problem = expectProblem(
      await cancel(note.id, { codigo_motivo: '5', motivo: 'curto', extra: 1 }),
      422,
      'validacao',
    );
    const byField = Object.fromEntries(
      problem.erros.map((e: { campo: string; codigo: string }) => [e.campo, e.codigo]),
    );
    expect(byField).toEqual({
      '/codigo_motivo': 'formato_invalido',
      '/motivo': 'formato_invalido',
      '/extra': 'campo_desconhecido',
    });
    const missing = expectProblem(await cancel(note.id, {}), 422, 'validacao');
    expect(missing.erros.map((e: { campo: string }) => e.campo).sort()).toEqual(['/codigo_motivo', '/motivo']);
    const types = expectProblem(
      await cancel(note.id, { codigo_motivo: 2, motivo: 'Linha um\nlinha dois do motivo' }),
      422,
      'validacao',
    );
    expect(types.erros.map((e: { codigo: string }) => e.codigo).sort()).toEqual(['formato_invalido', 'tipo_invalido']);
    expect((await k.http.get(`/v1/nfse/${note.id}`)).body.status).toBe('autorizada');
  });

  it('wrong status: 409 nfse_nao_cancelavel while transmitting or after a rejection; 404 for an unknown note; scenarios need a test key', async () => {
    const transmitting = expectStatus(await k.issue({ simular: 'timeout', wait: 0 }), 202);
    const conflict = expectProblem(await cancel(transmitting.id), 409, 'nfse_nao_cancelavel');
    expect(conflict.nfse.status).toBe('transmitindo');
    const rejected = expectProblem(await k.issue({ simular: 'rejeitar' }), 422, 'nfse_rejeitada');
    expectProblem(await cancel(rejected.nfse.id), 409, 'nfse_nao_cancelavel');
    expectProblem(await cancel('00000000-0000-7000-8000-000000000000'), 404, 'nfse_nao_encontrada');
    expectProblem(await cancel(transmitting.id, undefined, 'competencia_encerrada'), 422, 'simulacao_invalida');
    expectProblem(await cancel(transmitting.id, undefined, 'rejeitar', k.live), 422, 'simulacao_so_no_sandbox');
  });

  it('GraphQL mutation cancelNfse (the contract behind the route)', async () => {
    const note = await authorized();
    const res = await fetch(`${k.t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${k.account.testKey}` },
      body: JSON.stringify({
        query: `mutation($id: String!, $input: NfseCancelamentoInput!) { cancelNfse(id: $id, input: $input) {
          __typename ... on Nfse { status cancelamento } ... on DomainError { codigo codigoOficial } } }`,
        variables: { id: note.referencia, input: { codigoMotivo: '9', motivo: 'Emitida em duplicidade por engano' } },
      }),
    });
    const { data } = (await res.json()) as {
      data: { cancelNfse: { __typename: string; status: string; cancelamento: { codigo_motivo: string } } };
    };
    expect(data.cancelNfse).toMatchObject({
      __typename: 'Nfse',
      status: 'cancelada',
      cancelamento: { codigo_motivo: '9' },
    });
  });
});

describe('GET /v1/nfse/{id}/xml and /pdf', () => {
  it('serve the authorised NFS-e XML (application/xml) and DANFSe (application/pdf), by id or referencia', async () => {
    const note = expectStatus(await k.issue(), 201);
    for (const id of [note.id, note.referencia, note.chave_acesso]) {
      const xml = await k.http.get(`/v1/nfse/${id}/xml`);
      expect(xml.status).toBe(200);
      expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(validateXsd(xml.text, 'NFSe')).toEqual([]);
      expect(xml.text).toContain(`<nNFSe>${note.numero}</nNFSe>`);
    }
    const pdf = await fetch(`${k.t.url}/v1/nfse/${note.id}/pdf`, {
      headers: { authorization: `Bearer ${k.account.testKey}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it('before authorisation: XML 404 nao_encontrado, PDF 409 nfse_sem_pdf retentavel (problem+json); other environments see nothing', async () => {
    const pending = expectStatus(await k.issue({ simular: 'timeout', wait: 0 }), 202);
    const xml = expectProblem(await k.http.get(`/v1/nfse/${pending.id}/xml`), 404, 'nao_encontrado');
    expect(xml.nfse_id).toBe(pending.id);
    const pdf = expectProblem(await k.http.get(`/v1/nfse/${pending.id}/pdf`), 409, 'nfse_sem_pdf');
    expect(pdf.retentavel).toBe(true);
    const rejected = expectProblem(await k.issue({ simular: 'rejeitar:E0310' }), 422, 'nfse_rejeitada');
    expectProblem(await k.http.get(`/v1/nfse/${rejected.nfse.id}/xml`), 404, 'nao_encontrado');
    const authorized = expectStatus(await k.issue(), 201);
    expectProblem(await k.live.get(`/v1/nfse/${authorized.id}/xml`), 404, 'nfse_nao_encontrada');
    expectProblem(await k.live.get(`/v1/nfse/${authorized.id}/pdf`), 404, 'nfse_nao_encontrada');
  });

  it('GraphQL queries nfseXml and nfseDanfse', async () => {
    const note = expectStatus(await k.issue(), 201);
    const res = await fetch(`${k.t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${k.account.testKey}` },
      body: JSON.stringify({
        query: `query($id: String!) {
          x: nfseXml(id: $id) { __typename ... on NfseXml { chaveAcesso xml } }
          p: nfseDanfse(id: $id) { __typename ... on NfseDanfse { pdfBase64 } } }`,
        variables: { id: note.id },
      }),
    });
    const { data } = (await res.json()) as {
      data: { x: { chaveAcesso: string; xml: string }; p: { pdfBase64: string } };
    };
    expect(data.x.chaveAcesso).toBe(note.chave_acesso);
    expect(data.x.xml).toContain('<NFSe');
    expect(Buffer.from(data.p.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('A1 certificate of an alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
  it('is read from the certificate and accepted for the company with that CNPJ; another CNPJ is refused', async () => {
    const companies = httpClient(k.t.url, k.account.liveKey);
    const created = await companies.post('/v1/companies', {
      cnpj: '12.ABC.345/01DE-35',
      razao_social: 'Empresa Alfa Ltda',
      municipio: MUNICIPIO_NACIONAL,
      regime_tributario: 'lucro_presumido',
    });
    expect(created.status, created.text).toBe(201);
    const cert = generateTestCertificate({ cnpj: '12abc34501de35', razaoSocial: 'EMPRESA ALFA LTDA' });
    const uploaded = await companies.post(`/v1/companies/${created.body.id}/certificate`, {
      arquivo: cert.pkcs12.toString('base64'),
      senha: cert.password,
    });
    expect(uploaded.status, uploaded.text).toBeLessThan(300);
    const company = expectStatus(await companies.get(`/v1/companies/${created.body.id}`), 200);
    expect(company.certificado.cnpj).toBe('12ABC34501DE35');
    const other = generateTestCertificate({ cnpj: '11222333000181', razaoSocial: 'OUTRA LTDA' });
    const refused = await companies.post(`/v1/companies/${created.body.id}/certificate`, {
      arquivo: other.pkcs12.toString('base64'),
      senha: other.password,
    });
    expect(refused.status).toBe(422);
  });
});
