// Notes received in a municipality of each implemented ABRASF 2.0x family (Brasília, ISSNet 2.04; Belém, DSF 2.03),
// captured from the city's own system (ConsultarNfseServicoTomado, as the family writes it): notes another company
// issued there to the company's CNPJ, through POST /v1/nfse, come back as its received notes.
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { allDocuments, capture } from '../support/capture.js';
import { eventsOfType } from '../support/eventos.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { esquemaDaMensagem } from '../../src/engine/nfse/abrasf/qualify-abrasf-message.js';
import { schemaFile } from '../../src/engine/xml/validate-xsd.js';
import { xmllint } from '../support/external-tools.js';
import { expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const CIDADES = [
  { cidade: 'Brasília (ISSNet 2.04)', ibge: '5300108' },
  { cidade: 'Belém (DSF 2.03)', ibge: '1501402' },
  { cidade: 'Feira de Santana (WebISS 2.02)', ibge: '2910800' },
  { cidade: 'Petrolina (EL 2.04)', ibge: '2611101' },
  { cidade: 'Maceió (Giss 2.04)', ibge: '2704302' },
  { cidade: 'Paulo Afonso (Fisco 2.03)', ibge: '2924009' },
  { cidade: 'Janaúba (Sintese 2.04)', ibge: '3135100' },
  { cidade: 'Senador Canedo (Fiorilli 2.00)', ibge: '5220454' },
  { cidade: 'Colorado do Oeste (Fiorilli 2.01)', ibge: '1100064' },
  { cidade: 'Campo Grande (DSF 2.03, ISSDSF)', ibge: '5002704' },
  { cidade: 'São Lourenço da Mata (Tributus 2.04)', ibge: '2613701' },
  { cidade: 'Novo Hamburgo (IPM 2.04)', ibge: '4313409' },
  // Futurize's Servico requires the NBS.
  {
    cidade: 'Cachoeira do Arari (Futurize 2.02)',
    ibge: '1502004',
    padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000' },
  },
  // EloTech's items carry the issuer's CNAE and its schema requires the taker's address.
  {
    cidade: 'Ponta Grossa (EloTech 2.03)',
    ibge: '4119905',
    padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', cnae: '6201501' },
    endereco: { cep: '84010000', logradouro: 'Rua XV', numero: '100', bairro: 'Centro', municipio: '4119905' },
  },
] as const satisfies ReadonlyArray<{
  cidade: string;
  ibge: string;
  padroes?: Record<string, string>;
  endereco?: Record<string, string>;
}>;
// What the families that ask credentials beyond the A1 take (Fiorilli the login and password); the others ignore them.
const CREDENCIAIS = { usuario: 'login-portal', senha: 'senha-portal', token: 'token-portal' };
// Early in the day (01:00 in Brasília): each city's tests move the clock over two hours and every capture window of
// a city must end on the same local day, so each city starts on a day of its own, at that hour.
const clock = new FakeClock('2026-11-02T04:00:00Z');
/** A namespace declaration an element of the message may carry. */
const XMLNS = '(?: xmlns="[^"]*")?';
/** The city's local day (UTC−03:00) of an instant, and the one `days` before it. */
const localDay = (at: Date, days = 0) => new Date(at.getTime() - 3 * HOUR - days * DAY).toISOString().slice(0, 10);
let t: TestApp;
let acct: SeededAccount;
let live: Http;
let prestador: SeededCompany;
/** The taker's address the city under test requires, if any. */
let endereco: Record<string, string> | undefined;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(() => {
  live = httpClient(t.url, acct.liveKey);
});

/** `count` notes the city's provider issues through the service to this taker; the city keeps them. */
async function issueTo(cnpj: string, count: number): Promise<string[]> {
  const numeros: string[] = [];
  for (let i = 0; i < count; i++) {
    // The per-key rate limit counts by clock minute.
    if (i % 100 === 99) clock.advance(MINUTE);
    const note = expectStatus(
      await live.post(
        '/v1/nfse',
        nfseBody(prestador.id, {
          tomador: { documento: cnpj, nome: 'Tomador Ltda', ...(endereco ? { endereco } : {}) },
        }),
      ),
      201,
    );
    expect(note.status).toBe('autorizada');
    numeros.push(note.numero);
  }
  clock.advance(MINUTE);
  return numeros;
}

const sim = () => t.app.abrasfSimulator;
const queries = (cnpj: string) =>
  sim()
    .calls()
    .filter((c) => c.operacao === 'ConsultarNfseServicoTomado' && c.dados.includes(`<Cnpj>${cnpj}</Cnpj>`));
const state = (companyId: string) =>
  t.app.engine.db.captureState.findUniqueOrThrow({
    where: { companyId_fonte: { companyId, fonte: 'PREFEITURA_ABRASF' } },
  });
const mine = async (companyId: string) =>
  (await allDocuments(live, `&empresa_id=${companyId}`)).filter((d) => d.origem === 'PREFEITURA_ABRASF');

describe.each(CIDADES)('capture through an ABRASF city: $cidade', (cidade) => {
  const { ibge } = cidade;
  beforeAll(async () => {
    clock.set(new Date(Date.parse(`${localDay(clock.now())}T04:00:00Z`) + DAY));
    prestador = await acct.company({
      municipio: ibge,
      credenciais_provedor: CREDENCIAIS,
      inscricao_municipal: '0712000100',
      ...('padroes' in cidade ? { padroes: cidade.padroes } : {}),
    });
    endereco = 'endereco' in cidade ? cidade.endereco : undefined;
  });

  it('55 received notes: pages of 50, stored once with origem PREFEITURA_ABRASF and NOTA_RECEBIDA each; a second run adds nothing', async () => {
    const c = await acct.company({
      municipio: ibge,
      credenciais_provedor: CREDENCIAIS,
      inscricao_municipal: '0712000200',
    });
    const numeros = await issueTo(c.cnpj, 55);
    const before = (await eventsOfType(live, 'NOTA_RECEBIDA')).length;
    // A first run asks the last 31 days up to the city's today.
    const periodo = `<DataInicial>${localDay(clock.now(), 30)}</DataInicial><DataFinal>${localDay(clock.now())}</DataFinal></PeriodoEmissao>`;
    await capture(t.app.engine);
    const docs = await mine(c.id);
    expect(docs).toHaveLength(55);
    expect(docs.every((d) => d.papel === 'RECEBIDA' && d.tipo === 'NFSE')).toBe(true);
    expect(docs.map((d) => d.numero).sort()).toEqual([...numeros].sort());
    const city = sim()
      .notes()
      .find((n) => n.ibge === ibge && n.numero === numeros[0])!;
    expect(docs.find((d) => d.numero === numeros[0])!.chaveAcesso).toBe(
      `${ibge}-${city.numero}-${city.codigoVerificacao}`,
    );
    const sent = queries(c.cnpj);
    expect(sent).toHaveLength(2);
    // A family whose wrapper takes the message root's place (IPM) has each child declare the namespace.
    expect(sent[1]!.dados).toMatch(new RegExp(`<PeriodoEmissao${XMLNS}>${periodo}`));
    // A family that names the company only in the requester's identification filters by Tomador before the page.
    expect(sent[1]!.dados).toMatch(new RegExp(`</PeriodoEmissao>(?:<Tomador>.*</Tomador>)?<Pagina${XMLNS}>2</Pagina>`));
    // A family may put the consulting party's fields in its types namespace (declared on the element).
    expect(sent[0]!.dados).toMatch(/<InscricaoMunicipal(?: xmlns="[^"]*")?>0712000200<\/InscricaoMunicipal>/);
    for (const call of sent) {
      const esquema = esquemaDaMensagem(perfilAbrasfDoMunicipio(ibge)!, 'ConsultarNfseServicoTomadoEnvio');
      const lint = xmllint(call.dados, schemaFile(`provedor:${esquema}`));
      expect(lint.ok, lint.output).toBe(true);
    }
    const events = (await eventsOfType(live, 'NOTA_RECEBIDA')).slice(before).filter((e) => e.dados.empresaId === c.id);
    expect(events).toHaveLength(55);
    expect(events[0]!.dados).toMatchObject({ empresaId: c.id, origem: 'PREFEITURA_ABRASF' });

    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    // The window is still open: it is read again from page 1, and nothing already stored is stored twice.
    expect(queries(c.cnpj)).toHaveLength(4);
    expect(await mine(c.id)).toHaveLength(55);
    expect((await eventsOfType(live, 'NOTA_RECEBIDA')).filter((e) => e.dados.empresaId === c.id)).toHaveLength(55);
  });

  it('a crash after the first page: the next run resumes at page 2, nothing twice', async () => {
    const c = await acct.company({
      municipio: ibge,
      credenciais_provedor: CREDENCIAIS,
      inscricao_municipal: '0712000300',
    });
    await issueTo(c.cnpj, 60);
    // The process dies before committing page 2 of this company (other commits of that moment die with it).
    const page2 = () => {
      const last = queries(c.cnpj).at(-1)?.dados ?? '';
      return new RegExp(`<Pagina${XMLNS}>2</Pagina>`).test(last);
    };
    await capture(t.app.engine, {
      beforeCommit: async () => {
        if (page2()) throw new Error('processo morto antes do COMMIT');
      },
    });
    expect(await mine(c.id)).toHaveLength(50);
    expect((await state(c.id)).ultimoNsu % 100_000n).toBe(2n);
    clock.advance(11 * MINUTE);
    await capture(t.app.engine);
    expect(await mine(c.id)).toHaveLength(60);
    expect((await state(c.id)).ultimoNsu % 100_000n).toBe(1n);
  });

  it('nothing received: the city answers with a message only; an empty page, not a rejection, the message kept', async () => {
    const c = await acct.company({
      municipio: ibge,
      credenciais_provedor: CREDENCIAIS,
      inscricao_municipal: '0712000400',
    });
    await capture(t.app.engine);
    const row = await state(c.id);
    expect(row.ultimoStatus).toBe('NENHUM_DOCUMENTO_LOCALIZADO');
    expect(row.falhas).toBe(0);
    expect(JSON.stringify(row.ultimoErro)).toContain('Nenhuma NFS-e encontrada');
    expect(await mine(c.id)).toHaveLength(0);
  });
});
