// Substitution in an EloTech 2.03 city (Ponta Grossa) through POST /v1/nfse: EloTech's SubstituirNfseEnvio names the
// replaced note's ChaveAcesso (the 32 hexadecimal digits the city writes in InfNfse), read from the note's stored
// document (its chave_acesso stays city, number and verification code). The request goes unsigned, the company's password in its requester
// identification (written as it is sent, never stored), valid against EloTech's schema as xmllint reads it; the city
// cancels the old note and issues the new one. A note whose document has no key is refused before anything is sent,
// and a key the city did not write in that note is refused by the city.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { xmlText } from '../../src/engine/nfse/abrasf/xml-text.js';
import { expectWellFormedAbrasfCall } from '../support/abrasf-calls.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { erro, nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const PONTA_GROSSA = '4119905';
const SENHA = 'senha-elotech-subst';
/** EloTech's schema requires the taker's national address and the company's CNAE in every RPS. */
const CORPO = {
  tomador: {
    documento: '54550752000155',
    nome: 'Cliente Ltda',
    endereco: {
      cep: '84010000',
      logradouro: 'Rua XV de Novembro',
      numero: '100',
      bairro: 'Centro',
      municipio: PONTA_GROSSA,
    },
  },
};
const MOTIVO = { codigo_motivo: '99', motivo: 'Valor do serviço informado incorretamente' };

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false, nationalTimeoutMs: 2_000 }),
);
beforeAll(async () => {
  live = httpClient(t.url, await acct.key('live'));
  company = await acct.company({
    municipio: PONTA_GROSSA,
    inscricao_municipal: '0712345600',
    padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', cnae: '6201501' },
    credenciais_provedor: { senha: SENHA },
  });
  t.app.abrasfSimulator.credenciais(company.cnpj, { senha: SENHA });
});
// A fresh clock minute per test keeps the per-key rate limit out of the way.
beforeEach(() => clock.advance(MINUTE));

const sim = () => t.app.abrasfSimulator;
const cityNote = (numero: string) =>
  sim()
    .notes()
    .find((n) => n.ibge === PONTA_GROSSA && n.numero === numero)!;
const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);
const issue = async () => expectStatus(await live.post('/v1/nfse', nfseBody(company.id, CORPO)), 201);
const substitute = (nfseId: string) =>
  live.post(
    '/v1/nfse',
    nfseBody(company.id, { ...CORPO, valor: '1600.00', substituicao: { nfse_id: nfseId, ...MOTIVO } }),
  );
const substitutionCalls = () =>
  sim()
    .calls()
    .filter((c) => c.ibge === PONTA_GROSSA && c.operacao === 'SubstituirNfse');

describe('EloTech 2.03 (Ponta Grossa): substitution with the replaced note’s ChaveAcesso', () => {
  it('SubstituirNfse names the city’s ChaveAcesso of the note; the old note ends cancelada and substituida_por, the new one autorizada', async () => {
    const original = await issue();
    const chaveAcesso = xmlText(cityNote(original.numero).nfseXml, 'ChaveAcesso')!;
    expect(chaveAcesso).toMatch(/^[0-9a-f]{32}$/);
    expect(original.chave_acesso).toBe(
      `${PONTA_GROSSA}-${original.numero}-${cityNote(original.numero).codigoVerificacao}`,
    );

    const replacement = expectStatus(await substitute(original.id), 201);
    expect(replacement.status).toBe('autorizada');
    const [call, ...others] = substitutionCalls().filter((c) => c.dados.includes(`<ChaveAcesso>${chaveAcesso}<`));
    expect(others).toEqual([]);
    // Unsigned, the requester's identification first, valid against EloTech's schema (xmllint).
    expectWellFormedAbrasfCall(call!, []);
    expect(call!.dados).toMatch(
      new RegExp(
        `^<SubstituirNfseEnvio xmlns="[^"]+"><IdentificacaoRequerente><CpfCnpj><Cnpj>${company.cnpj}</Cnpj></CpfCnpj><InscricaoMunicipal>0712345600</InscricaoMunicipal><Senha>${SENHA}</Senha>`,
      ),
    );
    expect(call!.dados).toContain(
      `<IdentificacaoNfse><Numero>${original.numero}</Numero><CpfCnpj><Cnpj>${company.cnpj}</Cnpj></CpfCnpj>`,
    );
    expect(call!.dados).toContain(
      `<ChaveAcesso>${chaveAcesso}</ChaveAcesso><CodigoCancelamento>1</CodigoCancelamento>`,
    );
    // The stored document holds no password.
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: replacement.id } });
    expect(stored.dpsXml).toContain(`<ChaveAcesso>${chaveAcesso}</ChaveAcesso>`);
    expect(stored.dpsXml).not.toContain(SENHA);
    expect(stored.dpsXml).not.toContain('IdentificacaoRequerente');

    // At the city: the old note cancelled and replaced, the new one stating the note it replaces.
    expect(cityNote(original.numero).cancelamentoXml).toContain(`<ChaveAcesso>${chaveAcesso}</ChaveAcesso>`);
    expect(cityNote(original.numero).substituidaPor).toBe(replacement.numero);
    expect(xmlText(cityNote(replacement.numero).nfseXml, 'NfseSubstituida')).toBe(original.numero);
    expect(replacement.chave_acesso).toMatch(new RegExp(`^${PONTA_GROSSA}-${replacement.numero}-\\w+$`));

    const after = await get(original.id);
    expect(after.status).toBe('cancelada');
    expect(after.substituida_por).toBe(replacement.id);
    expect(await eventsOfNote(live, original.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });

  it('a note whose document has no ChaveAcesso → 422 at /substituicao naming it, nothing sent', async () => {
    const original = await issue();
    // As a note whose city wrote no key in it.
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: original.id } });
    const nfseXml = stored.nfseXml!.replace(/<ChaveAcesso>[^<]*<\/ChaveAcesso>/, '');
    await t.app.engine.db.nfse.update({ where: { id: original.id }, data: { nfseXml } });
    const before = sim().calls().length;
    const problem = expectProblem(await substitute(original.id), 422, 'validacao');
    const e = erro(problem.erros, 'campo_invalido', '/substituicao');
    expect(e.mensagem).toMatch(/ChaveAcesso/);
    expect(e.mensagem).toContain(original.chave_acesso);
    expect(e.correcao).toMatch(/cancelamento/);
    expect(sim().calls()).toHaveLength(before);
    expect((await get(original.id)).status).toBe('autorizada');
  });

  it('a key the city did not write in that note: the city refuses the substitution (X003), the original stays autorizada', async () => {
    const original = await issue();
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: original.id } });
    const nfseXml = stored.nfseXml!.replace(/<ChaveAcesso>[^<]*</, `<ChaveAcesso>${'f'.repeat(32)}<`);
    await t.app.engine.db.nfse.update({ where: { id: original.id }, data: { nfseXml } });
    const problem = expectProblem(await substitute(original.id), 422, 'nfse_rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('X003');
    expectWellFormedAbrasfCall(substitutionCalls().at(-1)!, []);
    expect(cityNote(original.numero).cancelamentoXml).toBeNull();
    expect((await get(original.id)).status).toBe('autorizada');
  });
});
