import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { brasilia } from '../../src/engine/nfe/build-nfe-xml.js';
import {
  buildEnvEvento,
  buildSignedNfeEvent,
  EVENTO_CARTA_CORRECAO,
  X_COND_USO,
} from '../../src/engine/nfe/build-signed-nfe-event.js';
import { companyCredentials } from '../../src/engine/empresas/company-credentials.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, PORTO_ALEGRE, nfeBody } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let certificatePem: string;
let seq = 0;

// The timeout scenario's answer never comes: the SOAP client gives up after this (30 s by default; 1.5 s, as in
// transmit-nfe.test.ts, is still far above an answered call) and the protocol query takes over.
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, nationalTimeoutMs: 1_500 }),
);
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
  certificatePem = (await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId } })).certPem;
});

const body = (extra: Record<string, unknown> = {}) =>
  nfeBody({ empresa_id: companyId, referencia: `CIC-${Date.now().toString(36)}-${++seq}`, ...extra });
const sandbox = () => httpClient(t.url, acct.testKey);
const JUST = 'Pedido cancelado pelo cliente antes da saida';

async function authorised(): Promise<{ id: string; protocolo: string; numero: string; chave_acesso: string }> {
  const res = await sandbox().post('/v1/nfe', body());
  expect(res.status).toBe(201);
  return res.body;
}

async function eventsOf(tipo: string, nfeId: string) {
  const events = await t.app.engine.db.event.findMany({
    where: { accountId: acct.accountId, tipo },
    orderBy: { seq: 'asc' },
  });
  return events.filter((e) => (e.dados as { id?: string }).id === nfeId);
}

describe('POST /v1/nfe/{id}/cancelamento', () => {
  it('validates the body with JSON Pointers, cancels (event 110111), keeps the procEventoNFe and stamps the DANFE', async () => {
    const note = await authorised();
    const bad = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: 'curta', motivo: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.codigo).toBe('validacao');
    expect(bad.body.erros.map((e: { codigo: string; campo: string }) => [e.codigo, e.campo])).toEqual(
      expect.arrayContaining([
        ['formato_invalido', '/justificativa'],
        ['campo_desconhecido', '/motivo'],
      ]),
    );

    const res = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: note.id,
      status: 'cancelada',
      protocolo: note.protocolo,
      cancelamento: { justificativa: JUST, c_stat: '135', protocolo: expect.stringMatching(/^\d{15}$/) },
      eventos: [{ tipo: 'cancelamento', tp_evento: '110111', n_seq_evento: 1, texto: JUST, c_stat: '135' }],
    });
    const evento = res.body.eventos[0];
    expect(res.body.cancelamento.evento_id).toBe(evento.id);

    const xml = await sandbox().get(`/v1/nfe/${note.id}/eventos/${evento.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const lint = xmllint(xml.text, 'nfe/procEventoCancNFe_v1.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sig = xmlsecVerify(xml.text, certificatePem, 'infEvento');
    expect(sig.ok, sig.output).toBe(true);
    expect(xml.text).toContain(`<nProt>${note.protocolo}</nProt><xJust>${JUST}</xJust>`);
    expect(xml.text).toContain(`<nProt>${evento.protocolo}</nProt>`);
    expect(xml.text).toContain(`Id="ID110111${note.chave_acesso}01"`);

    const proc = await sandbox().get(`/v1/nfe/${note.id}/xml`);
    expect(proc.status).toBe(200);
    expect(xmllint(proc.text, 'nfe/procNFe_v4.00.xsd').ok).toBe(true);
    const pdf = await fetch(`${t.url}/v1/nfe/${note.id}/pdf`, { headers: { authorization: `Bearer ${acct.testKey}` } });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('CANCELADA');

    const logged = await eventsOf('NFE_CANCELADA', note.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.dados).toMatchObject({ status: 'cancelada', cancelamento: { evento_id: evento.id } });

    const again = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ codigo: 'nfe_nao_cancelavel', nfe: { status: 'cancelada' } });
    const cce = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Volume correto: 4 caixas de papelao',
    });
    expect(cce.status).toBe(409);
    expect(cce.body.codigo).toBe('nfe_nao_autorizada');
    const missing = await sandbox().get(`/v1/nfe/${note.id}/eventos/00000000-0000-7000-8000-000000000000/xml`);
    expect(missing.status).toBe(404);
    expect(missing.body.codigo).toBe('nao_encontrado');
  });

  it('24 hours after the authorisation → 422 cancelamento_fora_do_prazo (injectable clock); the note stays autorizada', async () => {
    const note = await authorised();
    clock.advance(24 * HOUR - MINUTE);
    const inTime = await authorised();
    clock.advance(2 * MINUTE);
    const late = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ codigo: 'cancelamento_fora_do_prazo', nfe: { status: 'autorizada' } });
    expect((await sandbox().get(`/v1/nfe/${note.id}`)).body).toMatchObject({ status: 'autorizada', eventos: [] });
    const ok = await sandbox().post(`/v1/nfe/${inTime.id}/cancelamento`, { justificativa: JUST });
    expect(ok.status).toBe(200);
  });

  it('a refusal by the authority → 422 cancelamento_recusado with its cStat; nothing kept; a rejected note → 409', async () => {
    const note = await authorised();
    const refused = await sandbox().post(
      `/v1/nfe/${note.id}/cancelamento`,
      { justificativa: JUST },
      { headers: { 'x-service-simular': 'rejeitar:222' } },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ codigo: 'cancelamento_recusado', codigo_oficial: '222' });
    expect(await t.app.engine.db.nfeEvento.count({ where: { nfeId: note.id } })).toBe(0);
    expect((await sandbox().get(`/v1/nfe/${note.id}`)).body.status).toBe('autorizada');

    const rejected = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'rejeitar:539' } });
    const res = await sandbox().post(`/v1/nfe/${rejected.body.nfe.id}/cancelamento`, { justificativa: JUST });
    expect(res.status).toBe(409);
    expect(res.body.codigo).toBe('nfe_nao_cancelavel');
  });

  it('a lost answer: the protocol query finds the registered event, so the note is cancelled once, without a resend', async () => {
    const note = await authorised();
    const res = await sandbox().post(
      `/v1/nfe/${note.id}/cancelamento`,
      { justificativa: JUST },
      { headers: { 'x-service-simular': 'timeout' } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelada', eventos: [{ tipo: 'cancelamento', c_stat: '135' }] });
    expect(await eventsOf('NFE_CANCELADA', note.id)).toHaveLength(1);
  });

  it('Idempotency-Key replays the cancellation; the authority receives one event', async () => {
    const note = await authorised();
    const headers = { 'idempotency-key': `canc-${++seq}` };
    const first = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST }, { headers });
    const again = await sandbox().post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST }, { headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.app.engine.db.nfeEvento.count({ where: { nfeId: note.id } })).toBe(1);
  });
});

describe('POST /v1/nfe/{id}/carta-correcao', () => {
  it('registers up to 20 (nSeqEvento 1..20) with the warning and xCondUso; the 21st → 422 carta_correcao_limite', async () => {
    const note = await authorised();
    for (let n = 1; n <= 20; n++) {
      const res = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
        correcao: `Correcao numero ${n}: volumes 4 caixas`,
      });
      expect(res.status).toBe(201);
      expect(res.body.carta_correcao).toMatchObject({
        tipo: 'carta_correcao',
        tp_evento: '110110',
        n_seq_evento: n,
        c_stat: '135',
      });
      expect(res.body.aviso.codigo).toBe('carta_correcao_limites');
      expect(res.body.aviso.mensagem).toMatch(/não corrige valores, quantidade, base de cálculo, alíquota/);
      expect(res.body.nfe).toMatchObject({ id: note.id, status: 'autorizada' });
    }
    const over = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Correcao numero 21: volumes 4 caixas',
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ codigo: 'carta_correcao_limite', codigo_oficial: '594' });

    const got = await sandbox().get(`/v1/nfe/${note.id}`);
    expect(got.body.eventos.map((e: { n_seq_evento: number }) => e.n_seq_evento)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const last = got.body.eventos[19];
    const xml = await sandbox().get(`/v1/nfe/${note.id}/eventos/${last.id}/xml`);
    const lint = xmllint(xml.text, 'nfe/procCCeNFe_v1.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(xmlsecVerify(xml.text, certificatePem, 'infEvento').ok).toBe(true);
    expect(xml.text).toContain(`<xCondUso>${X_COND_USO}</xCondUso>`);
    expect(xml.text).toContain(`Id="ID110110${note.chave_acesso}20"`);
    const logged = await t.app.engine.db.event.findMany({
      where: { accountId: acct.accountId, tipo: 'NFE_CARTA_CORRECAO' },
    });
    const mine = logged.filter((e) => (e.dados as { id: string }).id === note.id);
    expect(mine).toHaveLength(20);
    expect(
      mine
        .map((e) => (e.dados as { carta_correcao: { n_seq_evento: number } }).carta_correcao.n_seq_evento)
        .sort((a, b) => a - b)[19],
    ).toBe(20);
  });

  it('validates correcao (15–1000 characters) with a JSON Pointer; Idempotency-Key does not take a second sequence', async () => {
    const note = await authorised();
    const long = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, { correcao: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.erros).toEqual([expect.objectContaining({ codigo: 'formato_invalido', campo: '/correcao' })]);
    const headers = { 'idempotency-key': `cce-${++seq}` };
    const first = await sandbox().post(
      `/v1/nfe/${note.id}/carta-correcao`,
      { correcao: 'Endereco de entrega: doca 3' },
      { headers },
    );
    const again = await sandbox().post(
      `/v1/nfe/${note.id}/carta-correcao`,
      { correcao: 'Endereco de entrega: doca 3' },
      { headers },
    );
    expect(again.body).toEqual(first.body);
    const next = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Endereco de entrega: doca 3; volumes 2',
    });
    expect(next.body.carta_correcao.n_seq_evento).toBe(2);
  });

  it('a CC-e the authority already holds for that sequence (573) is recovered by the query, and the new text goes next', async () => {
    const note = await authorised();
    // Registered at the authority by an earlier send whose answer never reached us (no local trace of it).
    const { signer, credentials } = await companyCredentials(t.app.engine, companyId);
    const cnpj = (await t.app.engine.db.company.findUniqueOrThrow({ where: { id: companyId } })).cnpj;
    const earlier = buildSignedNfeEvent(
      {
        tpAmb: '2',
        cOrgao: '43',
        cnpj,
        chNFe: note.chave_acesso,
        dhEvento: brasilia(clock.now()),
        tpEvento: EVENTO_CARTA_CORRECAO,
        nSeqEvento: 1,
        texto: 'Volume anterior: 3 caixas',
      },
      signer,
    );
    expect(
      await t.app.engine.sefaz.sendEvent(buildEnvEvento('1', earlier), {
        environment: 'test',
        cUF: note.chave_acesso.slice(0, 2),
        simulacao: 'timeout',
        credentials,
      }),
    ).toBeNull();

    const res = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Volume correto: 4 caixas de papelao',
    });
    expect(res.status).toBe(409);
    expect(res.body.codigo).toBe('conflito');
    const got = await sandbox().get(`/v1/nfe/${note.id}`);
    expect(got.body.eventos).toEqual([
      expect.objectContaining({ n_seq_evento: 1, texto: 'Volume anterior: 3 caixas', c_stat: '135' }),
    ]);
    const next = await sandbox().post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Volume correto: 4 caixas de papelao',
    });
    expect(next.status).toBe(201);
    expect(next.body.carta_correcao).toMatchObject({ n_seq_evento: 2, texto: 'Volume correto: 4 caixas de papelao' });
  });

  it("company-restricted keys and environments: another company's key and the live key do not see the note", async () => {
    const note = await authorised();
    const other = (await acct.company({ municipio: PORTO_ALEGRE, inscricao_estadual: '0960054321' })).id;
    const restrictedOther = await acct.key('test', other);
    const restrictedOwn = await acct.key('test', companyId);
    for (const key of [restrictedOther, acct.liveKey]) {
      const res = await httpClient(t.url, key).post(`/v1/nfe/${note.id}/carta-correcao`, {
        correcao: 'Volume correto: 4 caixas',
      });
      expect(res.status).toBe(404);
      expect(res.body.codigo).toBe('nfe_nao_encontrada');
      const cancel = await httpClient(t.url, key).post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST });
      expect(cancel.status).toBe(404);
    }
    const own = await httpClient(t.url, restrictedOwn).post(`/v1/nfe/${note.id}/carta-correcao`, {
      correcao: 'Volume correto: 4 caixas',
    });
    expect(own.status).toBe(201);
    const live = await httpClient(t.url, acct.liveKey).post(
      `/v1/nfe/${note.id}/cancelamento`,
      { justificativa: JUST },
      { headers: { 'x-service-simular': 'timeout' } },
    );
    expect(live.status).toBe(422);
    expect(live.body.codigo).toBe('simulacao_so_no_sandbox');
  });
});

describe('POST /v1/nfe/{id}/correcao', () => {
  it('re-validates like POST /v1/nfe, keeps series and number, new key, signs and transmits again', async () => {
    const rejected = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'rejeitar:539' } });
    expect(rejected.status).toBe(422);
    const note = rejected.body.nfe;

    const bad = body({ referencia: note.referencia });
    bad.itens[0].ncm = '12';
    delete bad.natureza_operacao;
    bad.pagamentos[0].valor = 130;
    const [viaIssue, viaCorrection] = [
      await sandbox().post('/v1/nfe', bad),
      await sandbox().post(`/v1/nfe/${note.id}/correcao`, bad),
    ];
    expect(viaCorrection.status).toBe(422);
    expect(viaCorrection.body.codigo).toBe('validacao');
    const strip = (erros: Array<Record<string, unknown>>) =>
      erros.map(({ codigo, campo, mensagem }) => ({ codigo, campo, mensagem }));
    expect(strip(viaCorrection.body.erros)).toEqual(strip(viaIssue.body.erros));
    expect(viaCorrection.body.erros.length).toBeGreaterThanOrEqual(3);

    const otherSerie = await sandbox().post(
      `/v1/nfe/${note.id}/correcao`,
      body({ referencia: note.referencia, serie: '7' }),
    );
    expect(otherSerie.status).toBe(422);
    expect(otherSerie.body.erros).toEqual([
      expect.objectContaining({ codigo: 'serie_diferente_da_nota', campo: '/serie' }),
    ]);

    const fixed = await sandbox().post(`/v1/nfe/${note.id}/correcao`, body({ referencia: note.referencia }));
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({
      id: note.id,
      status: 'autorizada',
      serie: note.serie,
      numero: note.numero,
      rejeicao: null,
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    expect(fixed.body.chave_acesso).not.toBe(note.chave_acesso);
    // Same cUF, CNPJ, model, series and number inside the key; cNF and check digit change.
    expect(fixed.body.chave_acesso.slice(6, 34)).toBe(note.chave_acesso.slice(6, 34));
    expect(fixed.body.ajustes).toContainEqual(expect.objectContaining({ regra: 'nfe_correcao_539', acao: 'derivado' }));

    const xml = await sandbox().get(`/v1/nfe/${note.id}/xml`);
    expect(xmllint(xml.text, 'nfe/procNFe_v4.00.xsd').ok).toBe(true);
    const sig = xmlsecVerify(xml.text, certificatePem, 'infNFe');
    expect(sig.ok, sig.output).toBe(true);
    expect(xml.text).toContain(`<nNF>${note.numero}</nNF>`);
    expect(xml.text).toContain(`Id="NFe${fixed.body.chave_acesso}"`);
    expect(await eventsOf('NFE_REJEITADA', note.id)).toHaveLength(1);
    expect(await eventsOf('NFE_AUTORIZADA', note.id)).toHaveLength(1);

    const again = await sandbox().post(`/v1/nfe/${note.id}/correcao`, body({ referencia: note.referencia }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ codigo: 'nfe_nao_rejeitada', nfe: { status: 'autorizada' } });
  });

  it('a correction rejected again stays rejeitada (422 nfe_rejeitada) and can be corrected once more', async () => {
    const rejected = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'rejeitar:233' } });
    const id = rejected.body.nfe.id;
    const second = await sandbox().post(`/v1/nfe/${id}/correcao`, body({ referencia: rejected.body.nfe.referencia }), {
      headers: { 'x-service-simular': 'rejeitar:225' },
    });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      codigo: 'nfe_rejeitada',
      nfe: { id, status: 'rejeitada', rejeicao: { c_stat: '225' } },
    });
    const third = await sandbox().post(`/v1/nfe/${id}/correcao`, body({ referencia: rejected.body.nfe.referencia }));
    expect(third.status).toBe(201);
    expect(third.body.numero).toBe(rejected.body.nfe.numero);
  });

  it('GraphQL: correctNfe and registerNfeCartaCorrecao take typed inputs and reach the same note', async () => {
    const rejected = await sandbox().post('/v1/nfe', body(), { headers: { 'x-service-simular': 'rejeitar:539' } });
    const camel = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(camel)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(x)]),
            )
          : v;
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const res = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as { data?: Record<string, any> };
    };
    const corrected = await gql(
      'mutation($id: String!, $input: NfeInput!) { correctNfe(id: $id, input: $input) { __typename ... on Nfe { id status numero } } }',
      { id: rejected.body.nfe.id, input: camel(body({ referencia: rejected.body.nfe.referencia })) },
    );
    expect(corrected.data?.correctNfe).toEqual({
      __typename: 'Nfe',
      id: rejected.body.nfe.id,
      status: 'autorizada',
      numero: rejected.body.nfe.numero,
    });
    const cce = await gql(
      'mutation($id: String!, $input: NfeCartaCorrecaoInput!) { registerNfeCartaCorrecao(id: $id, input: $input) { __typename ... on NfeCartaCorrecaoPayload { cartaCorrecao { nSeqEvento } aviso { codigo } nfe { eventos { tipo } } } } }',
      { id: rejected.body.nfe.id, input: { correcao: 'Transportadora: Expresso Sul Ltda' } },
    );
    expect(cce.data?.registerNfeCartaCorrecao).toEqual({
      __typename: 'NfeCartaCorrecaoPayload',
      cartaCorrecao: { nSeqEvento: 1 },
      aviso: { codigo: 'carta_correcao_limites' },
      nfe: { eventos: [{ tipo: 'carta_correcao' }] },
    });
  });
});
