import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { expectStatus, httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { xmllint } from '../support/external-tools.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SAO_PAULO = '3550308';
const padroes = { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' };

// Layout 2 widened the CCM to 12 digits, while the cancellation string of the manual keeps 8 positions: a company
// whose CCM has more digits must still cancel, with either SAO_PAULO_CCM_CANCELAMENTO.
describe.each(['8', '12'])('a São Paulo company whose CCM has 12 digits, SAO_PAULO_CCM_CANCELAMENTO=%s', (largura) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      clock: new FakeClock('2026-11-02T12:00:00Z'),
      worker: false,
      env: { SAO_PAULO_CCM_CANCELAMENTO: largura },
    });
  });
  afterAll(() => t?.close());

  it('issues in layout 2 and cancels: the city verifies AssinaturaCancelamento over the 12-digit CCM', async () => {
    const acct = await seedAccount(t.app.engine);
    const live = httpClient(t.url, acct.liveKey);
    const empresa = (await acct.company({ municipio: SAO_PAULO, inscricao_municipal: '123456789012', padroes })).id;
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(empresa)), 201);
    expect(note.status).toBe('autorizada');

    const res = expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, { codigo_motivo: '2', motivo: 'Serviço não prestado' }),
      200,
    );
    expect(res.status).toBe('cancelada');
    const [, ccm, serie, numero] = /^SP-(\d+)-(\w+)-(\d+)$/.exec(note.dps_id)!;
    expect(ccm).toBe('123456789012');
    expect(t.app.saoPauloSimulator.notes.byRpsKey(ccm!, serie!, numero!)!.status).toBe('C');
    const lint = xmllint(
      t.app.saoPauloSimulator.lastRequest('CancelamentoNFe')!,
      'sao-paulo/v02/PedidoCancelamentoNFe_v02.xsd',
    );
    expect(lint.ok, lint.output).toBe(true);
  });
});
