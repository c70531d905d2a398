// Manifestação do destinatário for received NF-e, through the simulated national RecepcaoEvento.
import { createAuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { buildSignedManifestation, envEventoXml } from '../../src/engine/manifestacao/build-signed-manifestation.js';
import { manifestDocument } from '../../src/engine/manifestacao/manifest-document.js';
import { sendEvent } from '../../src/engine/manifestacao/send-event.js';
import type { TransmissionDeps } from '../../src/engine/transmission-deps.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner } from '../../src/engine/xml/sign-xml.js';
import { schemaPath } from '../../src/engine/xml/validate-xsd.js';
import { allDocuments, capture } from '../support/capture.js';
import { eventsOfType } from '../support/eventos.js';
import { httpClient, type Http } from '../support/http.js';
import { xmlsecVerify } from '../support/external-tools.js';
import { tempDir, writeTemp } from '../support/nfse-fixtures.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock(new Date());
let t: TestApp;
let x: SeededAccount;
let live: Http;

const NS = 'http://www.portalfiscal.inf.br/nfe';
const SCHEMA = schemaPath('nfe/envConfRecebto_v1.00.xsd');
let seq = 0;
const chave = () => `41${String(Date.now()).slice(-10)}${String(++seq).padStart(32, '0')}`.slice(0, 44);
const brasilia = (d: Date) => `${new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
const resNFe = (ch: string, emitente: string, dhEmi: Date) =>
  `<resNFe xmlns="${NS}" versao="1.01"><chNFe>${ch}</chNFe><CNPJ>${emitente}</CNPJ><xNome>Fornecedor Ltda</xNome><IE>123456</IE>` +
  `<dhEmi>${brasilia(dhEmi)}</dhEmi><tpNF>1</tpNF><vNF>250.00</vNF><digVal>abc=</digVal><dhRecbto>${brasilia(dhEmi)}</dhRecbto><nProt>141260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>`;

/** Puts NF-e in the company's SEFAZ distribution, captures them and answers their documents by key. */
async function received(
  company: SeededCompany,
  n: { emitente?: string; dhEmi?: Date }[],
): Promise<Array<Record<string, any>>> {
  const keys = n.map((o) => {
    const k = chave();
    t.app.simulator.sefaz.add(company.cnpj, {
      schema: 'resNFe_v1.01.xsd',
      xml: resNFe(k, o.emitente ?? randomNumericCnpj(), o.dhEmi ?? new Date(clock.now().getTime() - DAY)),
    });
    return k;
  });
  // The NF-e capture waits at least an hour after catching up: each batch of fixtures is fetched an hour later.
  clock.advance(2 * 3_600_000);
  await capture(t.app.engine);
  const docs = await allDocuments(live, `&empresa_id=${company.id}&tipo=NFE`);
  return keys.map((k) => docs.find((d) => d.chaveAcesso === k)!);
}

const manifest = (id: string, body: unknown, key?: string) =>
  live.post(`/v1/documents/${id}/manifestacao`, body, key ? { key } : undefined);

useTestApp(
  (s) => (t = s.t),
  () => ({ clock, worker: false }),
);
beforeAll(async () => {
  x = await seedAccount(t.app.engine, 'Conta manifestação');
  live = httpClient(t.url, x.liveKey);
});

describe('manifestação do destinatário', () => {
  it('registers ciência then confirmação: signed envEvento valid for xmllint and xmlsec1, outcome on the document and in the event log', async () => {
    const a = await x.company();
    const [doc] = await received(a, [{}]);
    expect(doc).toMatchObject({ papel: 'RECEBIDA', manifestacao: null });

    const ciencia = await manifest(doc!.id, { tipo: 'ciencia' });
    expect(ciencia.status, ciencia.text).toBe(200);
    expect(ciencia.body).toMatchObject({ id: doc!.id, manifestacao: '210210' });
    expect(ciencia.body.manifestacoes).toEqual([
      expect.objectContaining({
        tipoEvento: '210210',
        situacao: 'registrada',
        codigoSefaz: '135',
        protocolo: expect.stringMatching(/^\d{15}$/),
        justificativa: null,
      }),
    ]);

    // What reached the national side: the schema's envEvento, signed by the company's own A1 with RSA-SHA1.
    const sent = t.app.simulator.sefazEventos.events().filter((e) => e.chNFe === doc!.chaveAcesso);
    expect(sent.map((e) => [e.cnpj, e.tpEvento])).toEqual([[a.cnpj, '210210']]);
    const env = envEventoXml('1', sent[0]!.xml);
    const file = writeTemp(tempDir('manif-'), 'env.xml', env);
    const lint = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, file], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
    expect(env).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(env).toContain(
      `<infEvento Id="ID210210${doc!.chaveAcesso}01"><cOrgao>91</cOrgao><tpAmb>1</tpAmb><CNPJ>${a.cnpj}</CNPJ>`,
    );
    const cert = await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId: a.id } });
    const verified = xmlsecVerify(env, cert.certPem, 'infEvento');
    expect(verified.ok, verified.output).toBe(true);
    const tampered = xmlsecVerify(env.replace('<tpEvento>210210', '<tpEvento>210200'), cert.certPem, 'infEvento');
    expect(tampered.ok).toBe(false);

    const again = await manifest(doc!.id, { tipo: 'ciencia' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('210210');

    const confirmacao = await manifest(doc!.id, { tipo: 'confirmacao' });
    expect(confirmacao.status, confirmacao.text).toBe(200);
    expect(confirmacao.body.manifestacao).toBe('210200');
    expect(confirmacao.body.manifestacoes.map((m: any) => [m.tipoEvento, m.situacao])).toEqual([
      ['210210', 'registrada'],
      ['210200', 'registrada'],
    ]);
    const full = (await live.get(`/v1/documents/${doc!.id}`)).body;
    expect(full).toMatchObject({ manifestacao: '210200', manifestacoes: confirmacao.body.manifestacoes });
    const listed = (await allDocuments(live, `&empresa_id=${a.id}`)).find((d) => d.id === doc!.id);
    expect(listed!.manifestacao).toBe('210200');

    const logged = (await eventsOfType(live, 'MANIFESTACAO_REGISTRADA')).filter((e) => e.dados.notaId === doc!.id);
    expect(logged.map((e) => e.dados)).toEqual([
      {
        notaId: doc!.id,
        empresaId: a.id,
        chaveAcesso: doc!.chaveAcesso,
        tipoEvento: '210210',
        protocolo: confirmacao.body.manifestacoes[0].protocolo,
      },
      {
        notaId: doc!.id,
        empresaId: a.id,
        chaveAcesso: doc!.chaveAcesso,
        tipoEvento: '210200',
        protocolo: confirmacao.body.manifestacoes[1].protocolo,
      },
    ]);

    // A final manifestation closes the document: neither another final one nor a late ciência is sent.
    for (const body of [
      { tipo: 'desconhecimento' },
      { tipo: 'ciencia' },
      { tipo: 'operacao_nao_realizada', justificativa: 'Mercadoria devolvida na portaria' },
    ]) {
      const late = await manifest(doc!.id, body);
      expect(late.status, late.text).toBe(409);
      expect(late.body.message).toContain('manifestação final 210200');
    }
    expect(t.app.simulator.sefazEventos.events().filter((e) => e.chNFe === doc!.chaveAcesso)).toHaveLength(2);
  });

  it('operação não realizada needs a 15–255 character justification, sent as xJust', async () => {
    const a = await x.company();
    const [doc] = await received(a, [{}]);
    for (const [body, campo] of [
      [{ tipo: 'operacao_nao_realizada' }, 'justificativa: A operação não realizada (210240) exige justificativa.'],
      [
        { tipo: 'operacao_nao_realizada', justificativa: 'curta demais' },
        'justificativa: A justificativa tem 12 caracteres',
      ],
      [
        { tipo: 'operacao_nao_realizada', justificativa: 'Carga extraviada 🚚 no caminho' },
        'justificativa: A justificativa tem caracteres',
      ],
      [{ tipo: 'confirmacao', justificativa: 'Recebido conforme pedido' }, 'justificativa: A justificativa só vale'],
      [{ tipo: 'aceite' }, 'tipo: Tipo de manifestação desconhecido: "aceite"'],
    ] as const) {
      const res = await manifest(doc!.id, body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.message.join(' ')).toContain(campo);
    }
    expect(t.app.simulator.sefazEventos.events().filter((e) => e.chNFe === doc!.chaveAcesso)).toHaveLength(0);
    const malformed = await manifest(doc!.id, { tipo: 'ciencia', extra: 1 });
    expect(malformed.status, malformed.text).toBe(422);
    expect(malformed.body.message.join(' ')).toContain('extra: O campo extra não existe');

    const justificativa = 'Mercadoria não foi entregue pela transportadora';
    const ok = await manifest(doc!.id, { tipo: 'operacao_nao_realizada', justificativa });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.manifestacoes).toEqual([
      expect.objectContaining({ tipoEvento: '210240', justificativa, situacao: 'registrada' }),
    ]);
    const [sent] = t.app.simulator.sefazEventos.events().filter((e) => e.chNFe === doc!.chaveAcesso);
    expect(sent!.xml).toContain(`<descEvento>Operacao nao Realizada</descEvento><xJust>${justificativa}</xJust>`);
  });

  it('refusals: not a received NF-e (409), test key (403), another account (404), the authority refusing (422, kept on the document)', async () => {
    const a = await x.company();
    const [emitida, antiga] = await received(a, [
      { emitente: a.cnpj },
      { dhEmi: new Date(clock.now().getTime() - 100 * DAY) },
    ]);
    expect(emitida!.papel).toBe('EMITIDA');
    const notReceived = await manifest(emitida!.id, { tipo: 'ciencia' });
    expect(notReceived.status).toBe(409);
    expect(notReceived.body.message).toContain('Só uma NF-e recebida');

    const [doc] = await received(a, [{}]);
    expect((await manifest(doc!.id, { tipo: 'ciencia' }, x.testKey)).status).toBe(403);
    const other = await seedAccount(t.app.engine, 'Outra conta');
    expect((await manifest(doc!.id, { tipo: 'ciencia' }, other.liveKey)).status).toBe(404);

    // 90 days after emission the authority answers 596: the attempt stays on the document, no manifestation.
    const late = await manifest(antiga!.id, { tipo: 'confirmacao' });
    expect(late.status, late.text).toBe(422);
    expect(late.body.message).toContain('596');
    const after = (await live.get(`/v1/documents/${antiga!.id}`)).body;
    expect(after.manifestacao).toBeNull();
    expect(after.manifestacoes).toEqual([
      expect.objectContaining({ tipoEvento: '210200', situacao: 'rejeitada', codigoSefaz: '596', protocolo: null }),
    ]);
  });

  it('no answer from RecepcaoEvento: 503 servico_indisponivel, the attempt kept as falha_transmissao, nothing registered', async () => {
    const a = await x.company();
    const [doc] = await received(a, [{}]);
    // Nothing listens on port 9 (discard): the call fails before any answer.
    const offline = createAuthorityClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const engine = t.app.engine as TransmissionDeps;
    const national = Object.create(engine.national, {
      nfeEventClient: { value: () => offline },
    }) as typeof engine.national;
    const principal = { accountId: x.accountId, environment: 'live' as const, apiKeyId: 'test', companyId: null };
    try {
      await expect(
        manifestDocument({ ...engine, national }, principal, doc!.id, { tipo: 'ciencia' }),
      ).rejects.toMatchObject({
        codigo: 'servico_indisponivel',
      });
    } finally {
      await offline.close();
    }
    const after = (await live.get(`/v1/documents/${doc!.id}`)).body;
    expect(after.manifestacao).toBeNull();
    expect(after.manifestacoes).toEqual([
      expect.objectContaining({ tipoEvento: '210210', situacao: 'falha_transmissao', protocolo: null }),
    ]);
    expect((await eventsOfType(live, 'MANIFESTACAO_REGISTRADA')).filter((e) => e.dados.notaId === doc!.id)).toEqual([]);
  });

  it('two simultaneous final manifestations: exactly one is sent and registered', async () => {
    const a = await x.company();
    const [doc] = await received(a, [{}]);
    const results = await Promise.all([
      manifest(doc!.id, { tipo: 'confirmacao' }),
      manifest(doc!.id, { tipo: 'desconhecimento' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(t.app.simulator.sefazEventos.events().filter((e) => e.chNFe === doc!.chaveAcesso)).toHaveLength(1);
  });

  it('the simulated RecepcaoEvento checks schema (215), signature (297) and duplicates (573) on its own', async () => {
    const a = await x.company();
    const [doc] = await received(a, [{}]);
    const cert = generateTestCertificate({ cnpj: a.cnpj, razaoSocial: 'DESTINATARIO LTDA' });
    const signer = createXmlSigner(cert.privateKeyPem, cert.certificatePem);
    const evento = buildSignedManifestation(
      { tpAmb: '1', cnpj: a.cnpj, chNFe: doc!.chaveAcesso, dhEvento: brasilia(clock.now()), tipo: 'ciencia' },
      signer,
    );
    const client = createAuthorityClient({ baseUrl: `${t.app.simulator.url}/sefaz/NFeRecepcaoEvento4` });
    try {
      expect(
        await sendEvent(
          client,
          envEventoXml('7', evento.replace('<verEvento>1.00</verEvento>', '<verEvento>9.99</verEvento>')),
        ),
      ).toMatchObject({ kind: 'batch_rejected', cStat: '215' });
      expect(
        await sendEvent(client, envEventoXml('7', evento.replace('Ciencia da Operacao', 'Confirmacao da Operacao'))),
      ).toMatchObject({ kind: 'answered', cStat: '297' });
      expect(await sendEvent(client, envEventoXml('7', evento))).toMatchObject({
        kind: 'answered',
        cStat: '135',
        nProt: expect.stringMatching(/^\d{15}$/),
      });
      expect(await sendEvent(client, envEventoXml('8', evento))).toMatchObject({
        kind: 'answered',
        cStat: '573',
        nProt: null,
      });
    } finally {
      await client.close();
    }
  });
});
