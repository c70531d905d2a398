import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { erro, nfseBody, steps } from '../support/nfse.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { RECOVERED_STEPS, settleByQueue } from '../support/settle-by-queue.js';

const SAO_PAULO = '3550308';
const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;
let empresa: string;
let simples: string;

beforeAll(async () => {
  t = await startTestApp({ clock, worker: false, nationalTimeoutMs: 3_000 });
  acct = await seedAccount(t.app.engine);
  live = httpClient(t.url, acct.liveKey);
  const padroes = { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' };
  empresa = (await acct.company({ municipio: SAO_PAULO, inscricao_municipal: '31000000', padroes })).id;
  simples = (
    await acct.company({
      municipio: SAO_PAULO,
      inscricao_municipal: '31000001',
      regime_tributario: 'simples_nacional',
      padroes,
    })
  ).id;
});
afterAll(() => t?.close());
beforeEach(() => clock.advance(MINUTE));

const sp = () => t.app.saoPauloSimulator;
const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);

describe('NFS-e of a São Paulo company goes to the city (NFS-e Paulistana)', () => {
  it('POST /v1/nfse with the README body and the company defaults → 201 autorizada at the city, not at the national system', async () => {
    const before = sp().calls('EnvioRPS');
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(empresa)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(/^SP-31000000-1-\d+$/);
    expect(note.numero).toMatch(/^\d+$/);
    expect(sp().calls('EnvioRPS')).toBe(before + 1);
    expect(
      sp()
        .notes.all()
        .filter((n) => n.ccm === '31000000'),
    ).toHaveLength(1);
    expect(t.app.simulator.countNotesByDps(note.dps_id)).toBe(0);

    // What was sent: layout 2 (a 2026 fact of a company outside the Simples), valid for the official XSD, signed.
    const sent = sp().lastRequest('EnvioRPS')!;
    expect(sent).toContain('<Cabecalho xmlns="" Versao="2">');
    expect(sent).toContain('<CodigoServico>02658</CodigoServico><AliquotaServicos>0.029</AliquotaServicos>');
    const lint = xmllint(sent, 'sao-paulo/v02/PedidoEnvioRPS_v02.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sig = xmlsecVerify(
      sent,
      (await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId: empresa } })).certPem,
      [],
    );
    expect(sig.ok, sig.output).toBe(true);

    const xml = await live.get(`/v1/nfse/${note.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<NumeroNFe>${note.numero}</NumeroNFe>`);
  });

  it('a Simples Nacional company goes in layout 1 (error 641 otherwise)', async () => {
    expectStatus(await live.post('/v1/nfse', nfseBody(simples)), 201);
    const sent = sp().lastRequest('EnvioRPS')!;
    expect(sent).toContain('<Cabecalho xmlns="" Versao="1">');
    const lint = xmllint(sent, 'sao-paulo/v01/PedidoEnvioRPS_v01.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });

  it('what the city needs and cannot be known → 422 naming the field; nothing is sent', async () => {
    const semCcm = (
      await acct.company({
        municipio: SAO_PAULO,
        padroes: { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000' },
      })
    ).id;
    const before = sp().calls('EnvioRPS');
    const res = expectProblem(await live.post('/v1/nfse', nfseBody(semCcm)), 422, 'validacao');
    erro(res.erros, 'inscricao_municipal_obrigatoria', '/prestador/inscricao_municipal');
    erro(res.erros, 'codigo_municipal_obrigatorio', '/servico/codigo_municipal');
    // Readiness says so beforehand (a warning: each note may still bring them).
    const padroes = (id: string) =>
      live
        .get(`/v1/companies/${id}/prontidao`)
        .then((r) => r.body.itens.find((i: { item: string }) => i.item === 'padroes_emissao'));
    expect(await padroes(semCcm)).toMatchObject({
      situacao: 'aviso',
      mensagem: expect.stringMatching(/inscricao_municipal \(CCM\) e padroes\.codigo_municipal/),
    });
    expect(await padroes(empresa)).toMatchObject({ situacao: 'ok' });
    // The request may carry both.
    const ok = await live.post(
      '/v1/nfse',
      nfseBody(semCcm, {
        prestador: { inscricao_municipal: '31000002' },
        servico: { descricao: 'Consultoria', codigo_municipal: '2658' },
      }),
    );
    expectStatus(ok, 201);
    expect(sp().calls('EnvioRPS')).toBe(before + 1);
  });

  it('a test key of a São Paulo company → 412 with sandbox_municipio_proprio in bloqueio', async () => {
    const res = expectProblem(
      await httpClient(t.url, acct.testKey).post('/v1/nfse', nfseBody(empresa)),
      412,
      'empresa_nao_pronta',
    );
    const item = res.itens.find((i: { item: string }) => i.item === 'sandbox_municipio_proprio');
    expect(item.situacao).toBe('bloqueio');
  });

  it("rejection: the city's code becomes codigo_oficial with a plain-language explanation", async () => {
    sp().playNext('rejeitar:1223');
    const res = expectProblem(await live.post('/v1/nfse', nfseBody(empresa)), 422, 'nfse_rejeitada');
    expect(res.codigo_oficial).toBe('1223');
    expect(res.nfse.rejeicao.explicacao).toMatch(/município de prestação/);
  });

  it('632 (the city wants layout 2 for this Simples Nacional fact): the same RPS goes once more in layout 2 and is authorised', async () => {
    sp().playNext('rejeitar:632');
    const sends = sp().calls('EnvioRPS');
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(simples)), 201);
    // The test clock stands still, so both sends share their instants: the order of equal instants is not asserted.
    expect([...steps(note)].sort()).toEqual(['autorizada', 'correcao_automatica', 'criada', 'envio', 'envio']);
    expect(note.eventos.find((e: { tipo: string }) => e.tipo === 'correcao_automatica').detalhe).toEqual({
      codigos: ['632'],
      leiaute: 2,
    });
    expect(sp().calls('EnvioRPS')).toBe(sends + 2);
    expect(sp().lastRequest('EnvioRPS')).toContain('<Cabecalho xmlns="" Versao="2">');
    const [, ccm, serie, numero] = /^SP-(\d+)-(\w+)-(\d+)$/.exec(note.dps_id)!;
    expect(sp().notes.byRpsKey(ccm!, serie!, numero!)!.layout).toBe(2);
  });

  it('a lost answer: the RPS is queried before any resend and recovered — one note at the city', async () => {
    sp().playNext('timeout');
    const sends = sp().calls('EnvioRPS');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(empresa), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await waitFor(async () => {
      const job = await t.app.engine.db.transmissionJob.findFirst({ where: { nfseId: created.id } });
      return !job || job.lockedUntil === null;
    }, 'first attempt');
    const [, ccm, serie, numero] = /^SP-(\d+)-(\w+)-(\d+)$/.exec(created.dps_id)!;
    expect(sp().notes.byRpsKey(ccm!, serie!, numero!)).toBeDefined();
    const note = await settleByQueue(clock, t.app.engine, () => get(created.id));
    expect(note.status).toBe('autorizada');
    expect(steps(note).join(' ')).toMatch(RECOVERED_STEPS);
    expect(sp().calls('EnvioRPS')).toBe(sends + 1);
    expect(
      sp()
        .notes.all()
        .filter((n) => n.numeroRps === numero && n.ccm === ccm),
    ).toHaveLength(1);
    expect(note.numero).toBe(sp().notes.byRpsKey(ccm!, serie!, numero!)!.numero);
  });

  it('cancellation with CancelamentoNFe: the note is cancelada at the city and here', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(empresa)), 201);
    const res = expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '2',
        motivo: 'Serviço não prestado ao cliente',
      }),
      200,
    );
    expect(res.status).toBe('cancelada');
    expect(res.cancelamento).toMatchObject({
      codigo_motivo: '2',
      recuperado: false,
      protocolo: { numero_nfse: note.numero },
    });
    const [, ccm, serie, numero] = /^SP-(\d+)-(\w+)-(\d+)$/.exec(note.dps_id)!;
    expect(sp().notes.byRpsKey(ccm!, serie!, numero!)!.status).toBe('C');
    const sent = sp().lastRequest('CancelamentoNFe')!;
    const lint = xmllint(sent, 'sao-paulo/v02/PedidoCancelamentoNFe_v02.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });
});
