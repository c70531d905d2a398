import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { createNfe } from '../../src/engine/nfe/create-nfe.js';
import { getNfePdf } from '../../src/engine/nfe/nfe-documents.js';
import type { StoredEpec } from '../../src/engine/nfe/enter-epec.js';
import type { SefazGateway, SefazSend } from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { transmitNfe } from '../../src/engine/nfe/transmit-nfe.js';
import { isEventType } from '../../src/engine/webhooks/event-types.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBody, nfeInput } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;

// Short enough that the timeout scenario (the simulator never answers) ends within a test.
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ nationalTimeoutMs: 1500 }),
);
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
});

const principal: Principal = { accountId: '', environment: 'test', apiKeyId: 'test', companyId: null };
const issue = async (simular?: string) =>
  (
    await createNfe(
      t.app.engine,
      { ...principal, accountId: acct.accountId },
      { body: nfeInput(nfeBody({ empresa_id: companyId })), simular },
    )
  ).view;

/** The app's SOAP client to its simulator over HTTP, recording every send; `loseRequests` drops the next requests. */
function recordingGateway() {
  const inner = t.app.engine.sefaz;
  const sends: SefazSend[] = [];
  const state = { loseRequests: 0 };
  const gateway: SefazGateway = {
    authorize: async (send) => {
      sends.push(send);
      if (state.loseRequests > 0) {
        state.loseRequests -= 1;
        throw new Error('ECONNRESET before the authority read it');
      }
      return inner.authorize(send);
    },
    query: inner.query,
    status: inner.status,
    registerEpec: inner.registerEpec,
    sendEvent: inner.sendEvent,
    consultCadastro: inner.consultCadastro,
    inutilize: inner.inutilize,
  };
  return { gateway, sends, state };
}

/** One transmission step of a note that exists. */
const step = async (gateway: SefazGateway, id: string) => (await transmitNfe(t.app.engine, gateway, id))!;

const eventsOf = async (id: string) =>
  (await t.app.engine.db.event.findMany({ where: { accountId: acct.accountId }, orderBy: { seq: 'asc' } }))
    .filter((e) => (e.dados as { id?: string }).id === id)
    .map((e) => e.tipo);

describe('NF-e transmission', () => {
  it('autorizada: protocol, a schema-valid procNFe and NFE_AUTORIZADA once', async () => {
    const { gateway } = recordingGateway();
    const note = await issue();
    const view = await step(gateway, note.id);
    expect(view).toMatchObject({
      status: 'autorizada',
      protocolo: expect.stringMatching(/^\d{15}$/),
      autorizada_em: expect.any(String),
    });
    const row = await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: note.id } });
    const lint = xmllint(row.procXml!, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    // A second step changes nothing and logs nothing.
    await step(gateway, note.id);
    expect(await eventsOf(note.id)).toEqual(['NFE_AUTORIZADA']);
    expect(['NFE_AUTORIZADA', 'NFE_REJEITADA', 'NFE_DENEGADA'].every(isEventType)).toBe(true);
  });

  it('rejeitada with rejeicao {cStat, mensagem}; denegada keeps the protocol', async () => {
    const { gateway } = recordingGateway();
    const rejected = await step(gateway, (await issue('rejeitar:233')).id);
    expect(rejected).toMatchObject({
      status: 'rejeitada',
      rejeicao: { c_stat: '233', mensagem: expect.stringMatching(/IE do destinatário/) },
      protocolo: null,
    });
    expect(await eventsOf(rejected.id)).toEqual(['NFE_REJEITADA']);
    const denied = await step(gateway, (await issue('denegar')).id);
    expect(denied).toMatchObject({ status: 'denegada', protocolo: expect.stringMatching(/^\d{15}$/) });
    expect(await eventsOf(denied.id)).toEqual(['NFE_DENEGADA']);
  });

  it('a lost answer → aguardando_confirmacao; the query finds the note and nothing is sent again', async () => {
    const { gateway, sends } = recordingGateway();
    const note = await issue('timeout');
    expect((await step(gateway, note.id)).status).toBe('aguardando_confirmacao');
    expect(await eventsOf(note.id)).toEqual([]);
    expect((await step(gateway, note.id)).status).toBe('autorizada');
    expect(sends).toHaveLength(1);
  });

  it('a request lost before the authority read it: the query says 217 and the SAME XML is resent once', async () => {
    const { gateway, sends, state } = recordingGateway();
    const note = await issue();
    state.loseRequests = 1;
    expect((await step(gateway, note.id)).status).toBe('aguardando_confirmacao');
    expect((await step(gateway, note.id)).status).toBe('autorizada');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.xml).toBe(sends[0]!.xml);
    expect(sends[0]!.chave).toBe(note.chave_acesso);
  });

  it('duplicidade (204) is resolved by the query into the authorised note', async () => {
    const { gateway } = recordingGateway();
    const view = await step(gateway, (await issue('duplicidade')).id);
    expect(view).toMatchObject({ status: 'autorizada', protocolo: expect.stringMatching(/^\d{15}$/) });
  });

  it('uf_fora → contingencia_epec: tpEmis 4 key, re-signed NF-e and EPEC at AN (136), EPEC DANFE; the UF back → autorizada', async () => {
    const { gateway, sends } = recordingGateway();
    const note = await issue('uf_fora');
    const epec = await step(gateway, note.id);
    expect(epec.status).toBe('contingencia_epec');
    expect(epec.chave_acesso).not.toBe(note.chave_acesso);
    expect(epec.chave_acesso.slice(0, 34)).toBe(note.chave_acesso.slice(0, 34));
    expect(epec.chave_acesso[34]).toBe('4');
    const row = await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: note.id } });
    const cert = (await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId } })).certPem;
    const lint = xmllint(row.xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(row.xml).toMatch(/<tpEmis>4<\/tpEmis>.*<dhCont>.*<xJust>/);
    const sig = xmlsecVerify(row.xml, cert, 'infNFe');
    expect(sig.ok, sig.output).toBe(true);
    const stored = row.epec as unknown as StoredEpec;
    expect(stored.protocolo).toMatch(/^\d{15}$/);
    const lintEpec = xmllint(stored.evento, 'nfe/envEPEC_v1.00.xsd');
    expect(lintEpec.ok, lintEpec.output).toBe(true);
    const sigEpec = xmlsecVerify(stored.evento, cert, 'infEvento');
    expect(sigEpec.ok, sigEpec.output).toBe(true);
    expect(stored.retEvento).toContain('<cStat>136</cStat>');
    expect(await eventsOf(note.id)).toEqual(['NFE_CONTINGENCIA_EPEC']);
    expect(isEventType('NFE_CONTINGENCIA_EPEC')).toBe(true);
    const danfe = await getNfePdf(t.app.engine, { ...principal, accountId: acct.accountId }, note.id);
    expect(danfe.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(danfe.status).toBe('contingencia_epec');

    // The next step (the worker's) finds the UF back and sends the contingency note as it is.
    const settled = await step(gateway, note.id);
    expect(settled).toMatchObject({
      status: 'autorizada',
      chave_acesso: epec.chave_acesso,
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    expect(sends.map((s) => s.chave)).toEqual([note.chave_acesso, epec.chave_acesso]);
    expect(sends[1]!.xml).toBe(row.xml);
    const proc = xmllint(
      (await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: note.id } })).procXml!,
      'nfe/procNFe_v4.00.xsd',
    );
    expect(proc.ok, proc.output).toBe(true);
    expect(await eventsOf(note.id)).toEqual(['NFE_CONTINGENCIA_EPEC', 'NFE_AUTORIZADA']);
  });

  it('an authoriser down for a note that may already be there (aguardando_confirmacao) never goes to EPEC', async () => {
    const { gateway } = recordingGateway();
    const note = await issue('timeout');
    expect((await step(gateway, note.id)).status).toBe('aguardando_confirmacao');
    const down: SefazGateway = { ...gateway, query: () => Promise.reject(new Error('ECONNREFUSED')) };
    const view = await step(down, note.id);
    expect(view).toMatchObject({ status: 'aguardando_confirmacao', chave_acesso: note.chave_acesso });
    expect(await eventsOf(note.id)).toEqual([]);
  });
});
