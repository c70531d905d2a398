import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/auth/principal.js';
import { createNfe } from '../../src/engine/nfe/create-nfe.js';
import { simulatorGateway, type SefazGateway, type SefazSend } from '../../src/engine/nfe/sefaz-gateway.js';
import { SefazAuthorizer } from '../../src/engine/nfe/simulator/sefaz-authorizer.js';
import { transmitNfe } from '../../src/engine/nfe/transmit-nfe.js';
import { isEventType } from '../../src/engine/webhooks/event-types.js';
import { xmllint } from '../national/external-tools.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { nfeBody, PORTO_ALEGRE } from './fixtures.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;

beforeAll(async () => {
  t = await startTestApp();
  acct = await seedAccount(t.app.engine);
  companyId = (await acct.company({
    municipio: PORTO_ALEGRE, inscricao_estadual: '0960012345', serie_nfe: '1',
    endereco: { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro Historico', cep: '90020007' },
  })).id;
});
afterAll(async () => t?.close());

const principal: Principal = { accountId: '', environment: 'test', apiKeyId: 'test', companyId: null };
const issue = (simular?: string) => createNfe(t.app.engine, { ...principal, accountId: acct.accountId }, { body: nfeBody({ empresa_id: companyId }), simular });

/** The simulator's gateway, recording every send; `lose` drops the next answers (or the requests themselves). */
function recordingGateway(sim = new SefazAuthorizer()) {
  const inner = simulatorGateway(sim);
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
    inutilize: inner.inutilize,
  };
  return { gateway, sends, state };
}

const eventsOf = async (id: string) =>
  (await t.app.engine.db.event.findMany({ where: { accountId: acct.accountId }, orderBy: { seq: 'asc' } }))
    .filter((e) => (e.dados as { id?: string }).id === id).map((e) => e.tipo);

describe('NF-e transmission (spec 3.3)', () => {
  it('autorizada: protocol, a schema-valid procNFe and NFE_AUTORIZADA once', async () => {
    const { gateway } = recordingGateway();
    const note = await issue();
    const view = await transmitNfe(t.app.engine, gateway, note.id);
    expect(view).toMatchObject({ status: 'autorizada', protocolo: expect.stringMatching(/^\d{15}$/), autorizada_em: expect.any(String) });
    const row = await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: note.id } });
    const lint = xmllint(row.procXml!, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    // A second step changes nothing and logs nothing.
    await transmitNfe(t.app.engine, gateway, note.id);
    expect(await eventsOf(note.id)).toEqual(['NFE_AUTORIZADA']);
    expect(['NFE_AUTORIZADA', 'NFE_REJEITADA', 'NFE_DENEGADA'].every(isEventType)).toBe(true);
  });

  it('rejeitada with rejeicao {cStat, mensagem}; denegada keeps the protocol', async () => {
    const { gateway } = recordingGateway();
    const rejected = await transmitNfe(t.app.engine, gateway, (await issue('rejeitar:233')).id);
    expect(rejected).toMatchObject({ status: 'rejeitada', rejeicao: { c_stat: '233', mensagem: expect.stringMatching(/IE do destinatário/) }, protocolo: null });
    expect(await eventsOf(rejected.id)).toEqual(['NFE_REJEITADA']);
    const denied = await transmitNfe(t.app.engine, gateway, (await issue('denegar')).id);
    expect(denied).toMatchObject({ status: 'denegada', protocolo: expect.stringMatching(/^\d{15}$/) });
    expect(await eventsOf(denied.id)).toEqual(['NFE_DENEGADA']);
  });

  it('a lost answer → aguardando_confirmacao; the query finds the note and nothing is sent again', async () => {
    const { gateway, sends } = recordingGateway();
    const note = await issue('timeout');
    expect((await transmitNfe(t.app.engine, gateway, note.id)).status).toBe('aguardando_confirmacao');
    expect(await eventsOf(note.id)).toEqual([]);
    expect((await transmitNfe(t.app.engine, gateway, note.id)).status).toBe('autorizada');
    expect(sends).toHaveLength(1);
  });

  it('a request lost before the authority read it: the query says 217 and the SAME XML is resent once', async () => {
    const { gateway, sends, state } = recordingGateway();
    const note = await issue();
    state.loseRequests = 1;
    expect((await transmitNfe(t.app.engine, gateway, note.id)).status).toBe('aguardando_confirmacao');
    expect((await transmitNfe(t.app.engine, gateway, note.id)).status).toBe('autorizada');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.xml).toBe(sends[0]!.xml);
    expect(sends[0]!.chave).toBe(note.chave_acesso);
  });

  it('duplicidade (204) is resolved by the query into the authorised note', async () => {
    const { gateway } = recordingGateway();
    const view = await transmitNfe(t.app.engine, gateway, (await issue('duplicidade')).id);
    expect(view).toMatchObject({ status: 'autorizada', protocolo: expect.stringMatching(/^\d{15}$/) });
  });
});
