// A batch of a Brasília company (ABRASF 2.04) goes to the city in RecepcionarLoteRpsSincrono lots of RPS signed one
// by one, the lot signed too; each line becomes one note at the city. A city whose service has no lot (MegaSoft), or
// refuses the synchronous one (Futurize), gets the lines one GerarNfse each.
import { beforeAll, describe, expect, it } from 'vitest';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { httpClient, type Http } from '../support/http.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let live: Http;
let empresa: { id: string; cnpj: string };

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  live = httpClient(t.url, acct.liveKey);
  empresa = await acct.company({ municipio: '5300108', inscricao_municipal: '0799887700' });
});

describe('ABRASF batch', () => {
  it('12 lines: every line a note at the city, RPS sent together in signed synchronous lots, one note per RPS', async () => {
    const sim = t.app.abrasfSimulator;
    const callsBefore = sim.calls().length;
    const res = await live.post('/v1/lotes', {
      empresa_id: empresa.id,
      itens: Array.from({ length: 12 }, () => linha()),
    });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(live, res.body.id, settledStatus('concluido'), 60_000, 250);
    expect(lote.contagens).toMatchObject({ autorizada: 12, transmitindo: 0, rejeitada: 0 });
    const itens = await allItens(live, lote.id);
    const notes = await Promise.all(itens.map(async (i) => (await live.get(`/v1/nfse/${i.nfse_id}`)).body));
    expect(notes.every((n) => n.status === 'autorizada' && n.dps_id.startsWith(`RPS5300108${empresa.cnpj}`))).toBe(
      true,
    );
    const mine = sim.notes().filter((n) => n.prestador === empresa.cnpj);
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((n) => n.rps.numero)).size).toBe(12);
    const lots = sim
      .calls()
      .slice(callsBefore)
      .filter((c) => c.operacao === 'RecepcionarLoteRpsSincrono');
    const sizes = lots.map((c) => Number(/<QuantidadeRps>(\d+)<\/QuantidadeRps>/.exec(c.dados)![1]));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    const biggest = lots[sizes.indexOf(Math.max(...sizes))]!;
    expect(xmllint(biggest.dados, 'abrasf/nfse_v204.xsd').ok).toBe(true);
    const cert = /<X509Certificate>([^<]+)</.exec(biggest.dados)![1]!;
    const verified = xmlsecVerify(
      biggest.dados,
      `-----BEGIN CERTIFICATE-----\n${cert.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`,
      ['InfDeclaracaoPrestacaoServico', 'LoteRps'],
    );
    expect(verified.ok, verified.output).toBe(true);
  });

  it('a lot the city refuses names its RPS: each named line is rejected with the city code, nothing is issued for it', async () => {
    const sim = t.app.abrasfSimulator;
    const callsBefore = sim.calls().length;
    sim.playNext(empresa.cnpj, 'rejeitar:E160');
    const res = await live.post('/v1/lotes', {
      empresa_id: empresa.id,
      itens: Array.from({ length: 6 }, () => linha()),
    });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(live, res.body.id, settledStatus('concluido'), 60_000, 250);
    const [refused] = sim
      .calls()
      .slice(callsBefore)
      .filter((c) => c.operacao === 'RecepcionarLoteRpsSincrono');
    const named = [...refused!.dados.matchAll(/<IdentificacaoRps><Numero>(\d+)<\/Numero>/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(1);
    const itens = await allItens(live, lote.id);
    const notes = await Promise.all(itens.map(async (i) => (await live.get(`/v1/nfse/${i.nfse_id}`)).body));
    const rejected = notes.filter((n) => n.status === 'rejeitada');
    expect(rejected.map((n) => String(BigInt(n.dps_id.slice(-15)))).sort()).toEqual([...named].sort());
    expect(rejected.every((n) => n.rejeicao.codigo_oficial === 'E160')).toBe(true);
    expect(notes.filter((n) => n.status === 'autorizada')).toHaveLength(6 - named.length);
    expect(sim.notes().filter((n) => named.includes(n.rps.numero) && n.prestador === empresa.cnpj)).toEqual([]);
  });

  // MegaSoft's service has no lot operation; Futurize's refuses the synchronous lot. MegaSoft needs the taker's address.
  it.each([
    {
      cidade: 'a MegaSoft city (no lot operation)',
      municipio: '5220603',
      tomador: {
        documento: '19131243000197',
        nome: 'Cliente Ltda',
        endereco: { cep: '75180000', logradouro: 'Rua 1', numero: '10', bairro: 'Centro', municipio: '5220603' },
      },
    },
    { cidade: 'a Futurize city (its service refuses the synchronous lot)', municipio: '1502004', tomador: undefined },
  ])('$cidade: every line goes alone through GerarNfse and becomes one note', async ({ municipio, tomador }) => {
    const sim = t.app.abrasfSimulator;
    const empresaDaCidade = await acct.company({
      municipio,
      inscricao_municipal: '0799887700',
      padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000' },
    });
    const callsBefore = sim.calls().length;
    const res = await live.post('/v1/lotes', {
      empresa_id: empresaDaCidade.id,
      itens: Array.from({ length: 4 }, () => linha(tomador ? { tomador } : {})),
    });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(live, res.body.id, settledStatus('concluido'), 60_000, 250);
    expect(lote.contagens).toMatchObject({ autorizada: 4, transmitindo: 0, rejeitada: 0 });
    expect(sim.notes().filter((n) => n.prestador === empresaDaCidade.cnpj)).toHaveLength(4);
    const operacoes = sim
      .calls()
      .slice(callsBefore)
      .filter((c) => c.ibge === municipio)
      .map((c) => c.operacao);
    expect(operacoes).toEqual(['GerarNfse', 'GerarNfse', 'GerarNfse', 'GerarNfse']);
  });
});
