import { beforeAll, describe, expect, it } from 'vitest';
import { createNfe } from '../../src/engine/nfe/create-nfe.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBody, nfeInput } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let seq = 0;

// The timeout scenario's answer never comes: the SOAP client gives up after this, well within Prefer: wait.
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ nationalTimeoutMs: 2000 }),
);
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
});

const body = (extra: Record<string, unknown> = {}) =>
  nfeBody({ empresa_id: companyId, referencia: `PED-${Date.now().toString(36)}-${++seq}`, ...extra });
const sandbox = () => httpClient(t.url, acct.testKey);

describe('NF-e routes', () => {
  it('POST /v1/nfe → 201 autorizada with protocolo; GET by id, referencia and key; procNFe XML and DANFE PDF', async () => {
    const request = body();
    const res = await sandbox().post('/v1/nfe', request);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'autorizada',
      protocolo: expect.stringMatching(/^\d{15}$/),
      chave_acesso: expect.stringMatching(/^\d{44}$/),
      empresa_id: companyId,
      ambiente: 'sandbox',
    });
    for (const id of [res.body.id, request.referencia, res.body.chave_acesso]) {
      const got = await sandbox().get(`/v1/nfe/${id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
    }
    const xml = await sandbox().get(`/v1/nfe/${res.body.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.text).toContain(`<nProt>${res.body.protocolo}</nProt>`);
    expect(xmllint(xml.text, 'nfe/procNFe_v4.00.xsd').ok).toBe(true);
    const pdf = await fetch(`${t.url}/v1/nfe/${res.body.id}/pdf`, {
      headers: { authorization: `Bearer ${acct.testKey}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text.replace(/\s/g, '')).toContain(res.body.protocolo);

    const newer = await sandbox().post('/v1/nfe', body());
    const first = await sandbox().get('/v1/nfe?limite=1');
    expect(first.status).toBe(200);
    expect(first.body.dados.map((n: { id: string }) => n.id)).toEqual([newer.body.id]);
    const second = await sandbox().get(`/v1/nfe?limite=1&cursor=${first.body.proximo_cursor}`);
    expect(second.body.dados.map((n: { id: string }) => n.id)).toEqual([res.body.id]);
  });

  it('X-Service-Simular rejeitar:cStat → 422 nfe_rejeitada carrying the note with rejeicao (c_stat, mensagem, explicacao)', async () => {
    const res = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'rejeitar:539' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      codigo: 'nfe_rejeitada',
      nfe: {
        status: 'rejeitada',
        protocolo: null,
        rejeicao: { c_stat: '539', mensagem: expect.any(String), explicacao: expect.any(String) },
      },
    });
    const stored = await sandbox().get(`/v1/nfe/${res.body.nfe.id}`);
    expect(stored.body).toMatchObject({ status: 'rejeitada', rejeicao: res.body.nfe.rejeicao });
    const xml = await sandbox().get(`/v1/nfe/${res.body.nfe.id}/xml`);
    expect(xml.status).toBe(409);
    expect(xml.body).toMatchObject({ codigo: 'nfe_sem_documento' });

    const denied = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'denegar' } });
    expect(denied.status).toBe(422);
    expect(denied.body).toMatchObject({
      codigo: 'nfe_denegada',
      nfe: { status: 'denegada', protocolo: expect.stringMatching(/^\d{15}$/), rejeicao: null },
    });
  });

  it('validation: 422 with every error in erros[] as JSON Pointers; nothing stored', async () => {
    const before = await t.app.engine.db.nfe.count({ where: { accountId: acct.accountId } });
    const bad = body();
    bad.itens[0].ncm = '12';
    delete bad.natureza_operacao;
    bad.pagamentos[0].valor = 130;
    const res = await sandbox().post('/v1/nfe', bad);
    expect(res.status).toBe(422);
    expect(res.body.codigo).toBe('validacao');
    const campos = res.body.erros.map((e: { campo: string }) => e.campo);
    expect(campos).toEqual(expect.arrayContaining(['/natureza_operacao', '/itens/0/ncm', '/pagamentos/0/valor']));
    expect(await t.app.engine.db.nfe.count({ where: { accountId: acct.accountId } })).toBe(before);
    // A devolução without the original note's key has its own code at the top, every problem still in erros[].
    const semChave = await sandbox().post('/v1/nfe', body({ finalidade: 'devolucao' }));
    expect(semChave.status, semChave.text).toBe(422);
    expect(semChave.body).toMatchObject({
      codigo: 'chave_referenciada_obrigatoria',
      campo: '/chave_referenciada',
      erros: [{ codigo: 'chave_referenciada_obrigatoria', campo: '/chave_referenciada' }],
    });
    const semChaveEOutro = await sandbox().post('/v1/nfe', {
      ...body({ finalidade: 'complementar' }),
      natureza_operacao: 5,
    });
    expect(semChaveEOutro.body.codigo).toBe('chave_referenciada_obrigatoria');
    expect(semChaveEOutro.body.erros.map((e: { campo: string }) => e.campo).sort()).toEqual([
      '/chave_referenciada',
      '/natureza_operacao',
    ]);
    expect(await t.app.engine.db.nfe.count({ where: { accountId: acct.accountId } })).toBe(before);
    // A member the typed input cannot carry (not snake_case) and a JSON type it refuses: both in one erros[].
    const mistos = await sandbox().post('/v1/nfe', { ...body(), valorTotal: '130.00', serie: 1 });
    expect(mistos.status, mistos.text).toBe(422);
    expect(mistos.body.erros.map((e: { codigo: string; campo: string }) => `${e.codigo} ${e.campo}`).sort()).toEqual([
      'campo_desconhecido /valorTotal',
      'tipo_invalido /serie',
    ]);
    const modo = await sandbox().post(
      '/v1/nfe',
      body({ modo: 'calcular', itens: [{ quantidade: '1', valor_unitario: '10' }] }),
    );
    expect(modo.status).toBe(422);
    expect(modo.body.erros).toEqual(
      expect.arrayContaining([expect.objectContaining({ codigo: 'campo_obrigatorio', campo: '/itens/0/produto' })]),
    );
    const modoMisto = await sandbox().post('/v1/nfe', {
      ...body({ modo: 'calcular', itens: [{ quantidade: '1', valor_unitario: '10' }] }),
      valorTotal: '10.00',
    });
    expect(modoMisto.status, modoMisto.text).toBe(422);
    expect(modoMisto.body.erros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codigo: 'campo_desconhecido', campo: '/valorTotal' }),
        expect.objectContaining({ codigo: 'campo_obrigatorio', campo: '/itens/0/produto' }),
      ]),
    );
  });

  it('Idempotency-Key replays the same note without issuing a second one', async () => {
    const request = body();
    const headers = { 'idempotency-key': `nfe-${Date.now()}-${++seq}` };
    const first = await sandbox().post('/v1/nfe', request, { headers });
    const again = await sandbox().post('/v1/nfe', request, { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.app.engine.db.nfe.count({ where: { referencia: request.referencia } })).toBe(1);
  });

  it('isolation: a test-key note is 404 to the live key and to another account; X-Service-Simular refused on live keys', async () => {
    const res = await sandbox().post('/v1/nfe', body());
    expect(res.status).toBe(201);
    const other = await seedAccount(t.app.engine, 'Outra conta');
    for (const key of [acct.liveKey, other.testKey]) {
      const got = await httpClient(t.url, key).get(`/v1/nfe/${res.body.id}`);
      expect(got.status).toBe(404);
      expect(got.body.codigo).toBe('nfe_nao_encontrada');
      const list = await httpClient(t.url, key).get('/v1/nfe');
      expect(list.body.dados.map((n: { id: string }) => n.id)).not.toContain(res.body.id);
    }
    const live = await httpClient(t.url, acct.liveKey).post('/v1/nfe', body(), {
      headers: { 'x-service-simular': 'autorizar' },
    });
    expect(live.status).toBe(422);
    expect(live.body.codigo).toBe('simulacao_so_no_sandbox');
  });

  it('a lost answer leaves the note aguardando_confirmacao (202); the worker re-queries the key and authorises it', async () => {
    const res = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'timeout' } });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('aguardando_confirmacao');
    const job = await t.app.engine.db.transmissionJob.findFirst({ where: { nfeId: res.body.id } });
    expect(job).toMatchObject({ kind: 'nfe', lockedUntil: null, nfseId: null });
    // Due now rather than after the backoff: the running worker claims it.
    await t.app.engine.db.transmissionJob.update({ where: { id: job!.id }, data: { runAt: new Date(0) } });
    for (let i = 0; i < 200; i++) {
      const got = await sandbox().get(`/v1/nfe/${res.body.id}`);
      if (got.body.status !== 'aguardando_confirmacao') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const settled = await sandbox().get(`/v1/nfe/${res.body.id}`);
    expect(settled.body).toMatchObject({ status: 'autorizada', protocolo: expect.stringMatching(/^\d{15}$/) });
    expect(await t.app.engine.db.transmissionJob.count({ where: { nfeId: res.body.id } })).toBe(0);
  });

  it('uf_fora → 202 contingencia_epec with a tpEmis 4 key and the EPEC DANFE; the worker sends it to the UF → autorizada', async () => {
    const res = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'uf_fora' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'contingencia_epec', protocolo: null });
    expect(res.body.chave_acesso[34]).toBe('4');
    const pdf = await fetch(`${t.url}/v1/nfe/${res.body.id}/pdf`, {
      headers: { authorization: `Bearer ${acct.testKey}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toMatch(/EPEC/);
    const job = await t.app.engine.db.transmissionJob.findFirstOrThrow({ where: { nfeId: res.body.id } });
    await t.app.engine.db.transmissionJob.update({ where: { id: job.id }, data: { runAt: new Date(0) } });
    for (let i = 0; i < 200; i++) {
      if ((await sandbox().get(`/v1/nfe/${res.body.id}`)).body.status !== 'contingencia_epec') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const settled = await sandbox().get(`/v1/nfe/${res.body.id}`);
    expect(settled.body).toMatchObject({
      status: 'autorizada',
      chave_acesso: res.body.chave_acesso,
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
  });

  it("crash after the insert: the job's lease ends and the worker transmits the stored note once", async () => {
    // createNfe stores the note and its leased job without sending: a process that died right there.
    const principal = { accountId: acct.accountId, environment: 'test' as const, apiKeyId: 'test', companyId: null };
    const { view: note } = await createNfe(t.app.engine, principal, { body: nfeInput(body()) });
    const job = await t.app.engine.db.transmissionJob.findFirstOrThrow({ where: { nfeId: note.id } });
    expect(job.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await t.app.engine.db.transmissionJob.update({ where: { id: job.id }, data: { lockedUntil: new Date(0) } });
    for (
      let i = 0;
      i < 200 && (await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: note.id } })).status === 'transmitindo';
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const got = await sandbox().get(`/v1/nfe/${note.id}`);
    expect(got.body).toMatchObject({ status: 'autorizada', protocolo: expect.stringMatching(/^\d{15}$/) });
    const events = await t.app.engine.db.event.findMany({
      where: { accountId: acct.accountId, tipo: 'NFE_AUTORIZADA' },
    });
    expect(events.filter((e) => (e.dados as { id?: string }).id === note.id)).toHaveLength(1);
    expect(await t.app.engine.db.transmissionJob.count({ where: { nfeId: note.id } })).toBe(0);
  });

  it('GraphQL issueNfe takes the typed NfeInput (camelCase of the REST body) and reaches the same note', async () => {
    const camel = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(camel)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(x)]),
            )
          : v;
    const sent = body();
    const input = camel(sent);
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}` },
      body: JSON.stringify({
        query:
          'mutation($input: NfeInput!) { issueNfe(input: $input) { __typename ... on Nfe { id status protocolo chaveAcesso } } }',
        variables: { input },
      }),
    });
    const out = (await res.json()) as {
      data?: { issueNfe: { __typename: string; id: string; status: string; protocolo: string } };
    };
    expect(out.data?.issueNfe).toMatchObject({
      __typename: 'Nfe',
      status: 'autorizada',
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    const rest = await sandbox().get(`/v1/nfe/${out.data!.issueNfe.id}`);
    expect(rest.body).toMatchObject({ status: 'autorizada', referencia: (input as { referencia: string }).referencia });
    // The note keeps its request in the API's names, as a REST body would have sent it.
    const stored = await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: out.data!.issueNfe.id } });
    expect(stored.request).toEqual(sent);
  });
});
