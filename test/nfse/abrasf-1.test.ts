// ABRASF 1.00 families (asynchronous lot) through POST /v1/nfse with a production key: the lot goes to the
// family's service (here the in-process ABRASF 1.00 simulator), which answers a protocol; the note is followed with
// ConsultarSituacaoLoteRps / ConsultarLoteRps (by the job queue while the lot is being processed) until the
// service authorises or refuses it. Every request validates with xmllint against the family's own schema package
// (as the service reads it, with its local changes) and its signatures verify with xmlsec1; a lost answer is
// recovered with ConsultarNfsePorRps before any resend; cancellation goes through CancelarNfse, or is refused before
// anything is sent where the family's service has none (ISSSalvador).
import { spawnSync } from 'node:child_process';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abrasf1Envelope, chamadaAbrasf1, urlAbrasf1 } from '../../src/engine/nfse/abrasf/v1/call-abrasf-1.js';
import type { PerfilAbrasf1 } from '../../src/engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { GINFES_V3 } from '../../src/engine/nfse/abrasf/v1/perfis/ginfes-v3.js';
import { ISS_FORTALEZA } from '../../src/engine/nfse/abrasf/v1/perfis/iss-fortaleza.js';
import { ISS_SALVADOR } from '../../src/engine/nfse/abrasf/v1/perfis/iss-salvador.js';
import { SPEEDGOV_1 } from '../../src/engine/nfse/abrasf/v1/perfis/speedgov-1.js';
import { CONVENIO_SISTEMA_PROPRIO, PARAMETROS_SIMULADOS } from '../../src/simulator/nacional/parametros-simulados.js';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import type { Abrasf1Call } from '../../src/simulator/abrasf/v1/create-abrasf-1-simulator.js';
import { arquivoResposta1 } from '../../src/simulator/abrasf/v1/handle-abrasf-1-operation.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { abrasf1SchemaForLint } from '../support/abrasf-1-schema.js';
import { eventsOfNote } from '../support/eventos.js';
import { xmlsecVerify } from '../support/external-tools.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { tempDir, writeTemp } from '../support/nfse-fixtures.js';
import { nfseBody, steps } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { certificateOf, firstAttemptOver } from '../support/abrasf-calls.js';
import { RECOVERED_STEPS, settleByQueue } from '../support/settle-by-queue.js';

const IM = '12345678';
const GUARULHOS = '3518800';
const JUAZEIRO_DO_NORTE = '2307304';
const SALVADOR = '2927408';
/**
 * ISSSalvador requires NBS, cClassTrib and INDOP in every RPS: the company's defaults give them (NBS 1.1502.10.00 of
 * software development, cClassTrib 000001 tributação integral, a cIndOp of the right shape).
 */
const PADROES_RTC = {
  codigo_nacional: '010101',
  aliquota_iss: '2.00',
  nbs: '115021000',
  ibs_cbs: { c_class_trib: '000001', indicador_operacao: '030101' },
};

// Guarulhos, Juazeiro do Norte and Salvador are absent from the national emitter's adhesion list and from our
// parameters table: here the national parameters API says what it would say of a municipality on its own system
// (aderenteEmissorNacional 0).
for (const ibge of [GUARULHOS, JUAZEIRO_DO_NORTE, SALVADOR])
  PARAMETROS_SIMULADOS.convenios[ibge] = { ...CONVENIO_SISTEMA_PROPRIO };
const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false, nationalTimeoutMs: 2_000 }),
);
beforeAll(async () => {
  live = httpClient(t.url, await acct.key('live'));
});
// A fresh clock minute per test keeps the per-key rate limit out of the way.
beforeEach(() => clock.advance(MINUTE));

/** Debian's xmllint against the family's file, independent of the libxml2 build the simulator validates with. */
function xmllint(xml: string, perfil: PerfilAbrasf1, arquivo: string) {
  const file = writeTemp(tempDir('xmllint-'), 'doc.xml', xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', abrasf1SchemaForLint(perfil, arquivo), file], {
    encoding: 'utf8',
  });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

// One municipality per family of the ABRASF 1.00 shape.
describe.each([
  { perfil: GINFES_V3, ibge: GUARULHOS, padroes: undefined },
  { perfil: ISS_FORTALEZA, ibge: '2304400', padroes: undefined },
  { perfil: ISS_SALVADOR, ibge: SALVADOR, padroes: PADROES_RTC },
  { perfil: SPEEDGOV_1, ibge: JUAZEIRO_DO_NORTE, padroes: undefined },
])('ABRASF 1.00 — $perfil.nome ($ibge)', ({ perfil, ibge, padroes }) => {
  let company: SeededCompany;
  beforeAll(async () => {
    company = await acct.company({ municipio: ibge, inscricao_municipal: IM, ...(padroes ? { padroes } : {}) });
  });

  const sim = () => t.app.abrasf1Simulator;
  const engine = () => t.app.engine;
  const rpsOf = (dpsId: string) => String(BigInt(dpsId.slice(-15)));
  const notesOfRps = (numero: string) =>
    sim()
      .notes()
      .filter((n) => n.prestador === company.cnpj && n.rps.numero === numero);
  const callsOf = (numero: string, protocolos: string[] = []) =>
    sim()
      .calls()
      .filter(
        (c) =>
          c.ibge === ibge &&
          c.mensagem.includes(company.cnpj) &&
          (new RegExp(`<(t:)?Numero>${numero}</`).test(c.mensagem) ||
            protocolos.some((p) => c.mensagem.includes(`Protocolo>${p}<`))),
      );
  const protocolosOf = (numero: string) =>
    sim()
      .lots()
      .filter((l) => l.ibge === ibge && l.prestador === company.cnpj && l.rps.some((r) => r.numero === numero))
      .map((l) => l.protocolo);
  const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);
  /**
   * Each request validates against the family's schema (xmllint) and its signatures verify (xmlsec1), or it carries
   * none (`null`: the family's schema has no Signature there, or the family does not sign it); each answer validates
   * against the family's answer schema.
   */
  function expectWellFormed(call: Abrasf1Call, signed: string[] | 'raiz' | null): void {
    const arquivo = perfil.mensagens[call.operacao]!.arquivo;
    const lint = xmllint(call.mensagem, perfil, arquivo);
    expect(lint.ok, lint.output).toBe(true);
    if (perfil.mensagens.cabecalho && chamadaAbrasf1(perfil, call.operacao).cabecalho) {
      const cab = xmllint(call.cabecalho, perfil, perfil.mensagens.cabecalho.arquivo);
      expect(cab.ok, cab.output).toBe(true);
    } else expect(call.cabecalho).toBe('');
    expect(call.soapOperacao).toBe(chamadaAbrasf1(perfil, call.operacao).elemento);
    expect(call.resposta).not.toBeNull();
    const resposta = xmllint(call.resposta!, perfil, arquivoResposta1(perfil, call.operacao));
    expect(resposta.ok, resposta.output).toBe(true);
    if (signed === null) {
      expect(call.mensagem).not.toContain('<Signature ');
      return;
    }
    const ids = signed === 'raiz' ? (perfil.idNasConsultas ? perfil.mensagens[call.operacao]!.raiz : []) : signed;
    const verified = xmlsecVerify(call.mensagem, certificateOf(call.mensagem), ids, perfil.idAtributo);
    expect(verified.ok, verified.output).toBe(true);
  }

  it('a production note goes as a signed lot, gets a protocol, is followed by its situation and comes back authorised', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(new RegExp(`^A1RPS${ibge}${company.cnpj}`));
    const numeroRps = rpsOf(note.dps_id);
    const [city] = notesOfRps(numeroRps);
    expect(note.numero).toBe(city!.numero);
    expect(note.chave_acesso).toBe(`${ibge}-${city!.numero}-${city!.codigoVerificacao}`);
    const calls = callsOf(numeroRps, protocolosOf(numeroRps));
    expect(calls.map((c) => c.operacao)).toEqual([
      'RecepcionarLoteRps',
      'ConsultarSituacaoLoteRps',
      'ConsultarLoteRps',
    ]);
    expectWellFormed(
      calls[0]!,
      [perfil.assinaturas.rps ? ['InfRps'] : [], perfil.assinaturas.lote ? ['LoteRps'] : []].flat(),
    );
    const consultas = perfil.assinaturas.consultas ? 'raiz' : null;
    expectWellFormed(calls[1]!, consultas);
    expectWellFormed(calls[2]!, consultas);
    expect(calls[0]!.mensagem).toMatch(new RegExp(`<(t:)?InscricaoMunicipal>${IM}</(t:)?InscricaoMunicipal>`));
    expect(await eventsOfNote(live, note.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('notes sent together keep each the protocol of its own lot', async () => {
    const notes = await Promise.all(
      Array.from({ length: 4 }, async () => expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201)),
    );
    const stored = await engine().db.nfse.findMany({ where: { id: { in: notes.map((n) => n.id) } } });
    expect(stored).toHaveLength(4);
    for (const note of stored) {
      const protocolos = protocolosOf(rpsOf(note.dpsId!));
      expect(protocolos).toHaveLength(1);
      expect(note.dadosDocumento).toMatchObject({ protocolo: protocolos[0] });
    }
  });

  it('a lot still being processed: the note waits in the queue, which asks the situation again until it is processed', async () => {
    sim().playNext(company.cnpj, 'processamento_lento:4');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    expect((await get(created.id)).status).toBe('transmitindo');
    const numeroRps = rpsOf(created.dps_id);
    expect(notesOfRps(numeroRps)).toHaveLength(0);
    const note = await settleByQueue(clock, engine(), () => get(created.id), Array<number>(6).fill(60_000));
    expect(note.status).toBe('autorizada');
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    const operacoes = callsOf(numeroRps, protocolosOf(numeroRps)).map((c) => c.operacao);
    // One lot only: every later step asked about its protocol.
    expect(operacoes.filter((o) => o === 'RecepcionarLoteRps')).toHaveLength(1);
    expect(operacoes.filter((o) => o === 'ConsultarSituacaoLoteRps').length).toBeGreaterThanOrEqual(5);
    expect(operacoes.at(-1)).toBe('ConsultarLoteRps');
    const resultados = note.eventos
      .filter((e: { tipo: string }) => e.tipo === 'envio' || e.tipo === 'consulta_dps')
      .map((e: { detalhe: { resultado: string } }) => e.detalhe.resultado);
    expect(resultados[0]).toBe('lote_em_processamento');
    expect(steps(note).at(-1)).toBe('autorizada');
  });

  it('lost answer to the lot: ConsultarNfsePorRps finds the note before any resend — one RPS, one note', async () => {
    sim().playNext(company.cnpj, 'timeout');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    const numeroRps = rpsOf(created.dps_id);
    expect((await get(created.id)).status).toBe('transmitindo');
    const note = await settleByQueue(clock, engine(), () => get(created.id));
    const historia = note.eventos
      .slice(0, 12)
      .map((e: { tipo: string; detalhe: { resultado?: string } | null }) =>
        [e.tipo, e.detalhe?.resultado].filter(Boolean).join(':'),
      );
    expect(note.status, historia.join(' ')).toBe('autorizada');
    expect(steps(note).join(' ')).toMatch(RECOVERED_STEPS);
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    const calls = callsOf(numeroRps);
    expect(calls.map((c) => c.operacao).join(' ')).toMatch(/^RecepcionarLoteRps( ConsultarNfsePorRps)+$/);
    expectWellFormed(calls.at(-1)!, perfil.assinaturas.consultaRps ? [] : null);
  });

  it('a lot processed with errors (situation 3) → 422 nfse_rejeitada with the family code, no note at the service', async () => {
    sim().playNext(company.cnpj, 'rejeitar:E160');
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 422, 'nfse_rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('E160');
    expect(notesOfRps(rpsOf(problem.nfse.dps_id))).toHaveLength(0);
  });

  it('the service down (503): the lot is sent again with backoff and the note is authorised once', async () => {
    sim().playNext(company.cnpj, 'indisponibilidade');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    clock.advance(5_000);
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(notesOfRps(rpsOf(created.dps_id))).toHaveLength(1);
  });

  // ISSSalvador's package has no CancelarNfseEnvio (cancellation only by administrative process).
  if (perfil.mensagens.CancelarNfse) {
    it('cancellation goes through a signed CancelarNfse; a lost answer is found cancelled by ConsultarNfsePorRps', async () => {
      const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
      const cancelled = expectStatus(
        await live.post(`/v1/nfse/${note.id}/cancelamento`, {
          codigo_motivo: '2',
          motivo: 'Serviço não foi prestado ao cliente',
        }),
        200,
      );
      expect(cancelled.status).toBe('cancelada');
      expect(cancelled.cancelamento).toMatchObject({ codigo_motivo: '2', recuperado: false });
      const cancel = sim()
        .calls()
        .filter((c) => c.operacao === 'CancelarNfse')
        .at(-1)!;
      expect(cancel.mensagem).toMatch(/<(t:)?CodigoCancelamento>2<\/(t:)?CodigoCancelamento>/);
      expectWellFormed(cancel, ['InfPedidoCancelamento']);
      expect(
        sim()
          .notes()
          .find((n) => n.numero === note.numero)!.cancelamentoXml,
      ).not.toBeNull();

      const other = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
      sim().playNext(company.cnpj, 'timeout');
      const recovered = expectStatus(
        await live.post(`/v1/nfse/${other.id}/cancelamento`, {
          codigo_motivo: '1',
          motivo: 'Valor informado incorretamente na nota',
        }),
        200,
      );
      expect(recovered.status).toBe('cancelada');
      expect(recovered.cancelamento).toMatchObject({ recuperado: true });
      expect(callsOf(rpsOf(other.dps_id)).at(-1)!.operacao).toBe('ConsultarNfsePorRps');
    });
  } else {
    it('cancellation is refused before anything is sent (422 cancelamento_recusado); the note stays authorised', async () => {
      const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
      expect(note.status).toBe('autorizada');
      const before = sim().calls().length;
      const problem = expectProblem(
        await live.post(`/v1/nfse/${note.id}/cancelamento`, {
          codigo_motivo: '2',
          motivo: 'Serviço não foi prestado ao cliente',
        }),
        422,
        'cancelamento_recusado',
      );
      expect(problem.detail ?? problem.mensagem ?? JSON.stringify(problem)).toMatch(/processo administrativo/);
      expect(sim().calls()).toHaveLength(before);
      expect((await get(note.id)).status).toBe('autorizada');
    });
  }

  if (perfil.servicoRtc)
    it('without NBS and IBS/CBS classification, or without a taker → 422 naming each field; nothing sent', async () => {
      const semRtc = await acct.company({ municipio: ibge, inscricao_municipal: IM });
      const before = sim().calls().length;
      const problem = expectProblem(await live.post('/v1/nfse', nfseBody(semRtc.id)), 422, 'validacao');
      expect(problem.erros.map((e: { campo: string }) => e.campo)).toEqual(
        expect.arrayContaining(['/servico/nbs', '/servico/ibs_cbs/c_class_trib']),
      );
      const semTomador = { ...nfseBody(company.id) } as Record<string, unknown>;
      delete semTomador.tomador;
      const sem = expectProblem(await live.post('/v1/nfse', semTomador), 422, 'validacao');
      expect(sem.erros.map((e: { campo: string }) => e.campo)).toContain('/tomador');
      expect(sim().calls()).toHaveLength(before);
    });

  it('without the municipal registration → 422 naming /prestador/inscricao_municipal; nothing sent', async () => {
    const sem = await acct.company({ municipio: ibge });
    const before = sim().calls().length;
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(sem.id)), 422, 'validacao');
    expect(problem.erros.map((e: { campo: string }) => e.campo)).toContain('/prestador/inscricao_municipal');
    expect(sim().calls()).toHaveLength(before);
  });
});

describe('the ABRASF 1.00 simulator reads each call as its family', () => {
  it("ISSSalvador's WCF service takes its argument in the operation's namespace only: unqualified, it is a fault", async () => {
    const url = urlAbrasf1(`${t.app.abrasf1Simulator.url}/${SALVADOR}`, ISS_SALVADOR, 'ConsultarLoteRps');
    const post = (body: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml',
          soapaction: `"${chamadaAbrasf1(ISS_SALVADOR, 'ConsultarLoteRps').soapAction}"`,
        },
        body,
      });
    const qualified = abrasf1Envelope(ISS_SALVADOR, 'ConsultarLoteRps', '<ConsultarLoteRpsEnvio/>');
    const unqualified = qualified.replaceAll('ns1:loteXML', 'loteXML');
    const bare = await post(unqualified);
    expect(bare.status).toBe(500);
    expect(await bare.text()).toMatch(/Argumento loteXML fora do namespace/);
    // Qualified, it reaches the service, which answers in the family's format (here: a message refusing it).
    const answered = await post(qualified);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('<ns1:ConsultarLoteRPSResponse');
  });
});
