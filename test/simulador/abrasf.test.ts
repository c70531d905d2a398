// The ABRASF 2.04 simulator on its own, driven through the engine's SOAP client: what it validates, refuses, keeps
// and answers. Every answer it gives is itself valid against the official 2.04 schema.
import { createAuthorityClient, type AuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbrasfSimulator, type AbrasfSimulator } from '../../src/simulator/abrasf/create-abrasf-simulator.js';
import { callAbrasf } from '../../src/engine/nfse/abrasf/call-abrasf.js';
import { abrasfServiceFields } from '../../src/engine/nfse/abrasf/abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../../src/engine/nfse/abrasf/build-abrasf-rps.js';
import {
  consultarNfseRpsMessage,
  consultarNfseServicoTomadoMessage,
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
} from '../../src/engine/nfse/abrasf/abrasf-message.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import type { OperacaoAbrasf } from '../../src/engine/nfse/abrasf/perfil-abrasf.js';
import { readAbrasfAnswer } from '../../src/engine/nfse/abrasf/read-abrasf-answer.js';
import { signAbrasfXml } from '../../src/engine/nfse/abrasf/sign-abrasf-xml.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../support/nfse-fixtures.js';
import { xmlsecVerify } from '../support/external-tools.js';
import { simulatorSigner } from '../support/test-keys.js';

const BRASILIA = perfilAbrasfDoMunicipio('5300108')!;
const DF = BRASILIA.ibge;
const IM = '0712345600';
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: IM };
const { signer } = testIdentity();
let sim: AbrasfSimulator;
let client: AuthorityClient;

beforeAll(async () => {
  sim = createAbrasfSimulator({ signer: simulatorSigner() });
  await sim.listen();
  client = createAuthorityClient({ baseUrl: `${sim.url}/${DF}`, timeoutMs: 2_000 });
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

function dpsDf(over: Partial<DpsInput> = {}): DpsInput {
  const base = baseDps(over);
  return {
    ...base,
    cLocEmi: DF,
    prest: { ...base.prest, IM },
    toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' },
    serv: { ...base.serv, locPrest: { cLocPrestacao: DF } },
  };
}

function signedRps(dps: DpsInput): string {
  const fields = abrasfServiceFields(dps, BRASILIA);
  if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
  return signAbrasfXml(
    buildAbrasfRps({ leiaute: BRASILIA, dps, campos: fields.campos }),
    signer,
    'InfDeclaracaoPrestacaoServico',
    BRASILIA,
  );
}

const lote = (numero: string, rps: string[]) =>
  signAbrasfXml(
    enviarLoteRpsSincronoMessage(BRASILIA, { numeroLote: numero, prestador, rpsAssinados: rps }),
    signer,
    'LoteRps',
    BRASILIA,
  );

/** Calls the simulator and checks its answer against the official schema before reading it. */
async function call(operacao: OperacaoAbrasf, dados: string) {
  const answer = await callAbrasf(client, BRASILIA, operacao, dados);
  if (answer.kind !== 'answer') throw new Error(`sem resposta: ${JSON.stringify(answer)}`);
  expect(validateXsd(answer.xml, 'abrasf')).toEqual([]);
  return { xml: answer.xml, ...readAbrasfAnswer(answer.xml) };
}

describe('ABRASF simulator', () => {
  it('GerarNfse issues a note signed by the city (xmlsec1 verifies the city and the taxpayer signatures) and keeps it by RPS', async () => {
    const dps = dpsDf();
    const { notas, xml } = await call('GerarNfse', gerarNfseMessage(BRASILIA, signedRps(dps)));
    expect(notas).toHaveLength(1);
    expect(notas[0]!.rps).toEqual(identificacaoRps(dps));
    expect(notas[0]!.prestador).toBe(PREST_CNPJ);
    expect(notas[0]!.tomador).toBe(TOMA_CNPJ);
    const compNfse = `<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd">${/<CompNfse>([\s\S]*)<\/CompNfse>/.exec(xml)![1]}</CompNfse>`;
    const verified = xmlsecVerify(
      compNfse,
      [simulatorSigner().certificatePem, signer.certificatePem],
      ['InfNfse', 'InfDeclaracaoPrestacaoServico'],
    );
    expect(verified.ok, verified.output).toBe(true);

    const again = await call(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(BRASILIA, { rps: identificacaoRps(dps), prestador }),
    );
    expect(again.notas.map((n) => n.numero)).toEqual([notas[0]!.numero]);
    const repeated = await call('GerarNfse', gerarNfseMessage(BRASILIA, signedRps(dps)));
    expect(repeated.notas).toEqual([]);
    expect(repeated.erros.map((e) => e.codigo)).toEqual([BRASILIA.codigos.rpsJaConvertido]);
  });

  it('refuses a message outside the schema (X001) and a tampered signature (X002); an unknown RPS is rpsNaoEncontrado', async () => {
    const invalid = await call(
      'GerarNfse',
      gerarNfseMessage(BRASILIA, signedRps(dpsDf())).replace('<ItemListaServico>01.01<', '<ItemListaServico>1.01<'),
    );
    expect(invalid.erros.map((e) => e.codigo)).toEqual(['X001']);
    const tampered = await call(
      'GerarNfse',
      gerarNfseMessage(BRASILIA, signedRps(dpsDf())).replace('<ValorServicos>1500.00<', '<ValorServicos>15.00<'),
    );
    expect(tampered.erros.map((e) => e.codigo)).toEqual(['X002']);
    const unknown = await call(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(BRASILIA, { rps: { numero: '999999999', serie: '7', tipo: '1' }, prestador }),
    );
    expect(unknown.erros.map((e) => e.codigo)).toEqual([BRASILIA.codigos.rpsNaoEncontrado]);
  });

  it('one bad RPS refuses the whole lot, per RPS, and keeps nothing of it', async () => {
    const issued = dpsDf();
    await call('GerarNfse', gerarNfseMessage(BRASILIA, signedRps(issued)));
    const fresh = dpsDf();
    const before = sim.notes().length;
    const refused = await call('RecepcionarLoteRpsSincrono', lote('91', [signedRps(fresh), signedRps(issued)]));
    expect(refused.xml).toContain('<ListaMensagemRetornoLote>');
    expect(refused.erros.map((e) => e.codigo)).toEqual([BRASILIA.codigos.rpsJaConvertido]);
    expect(sim.notes()).toHaveLength(before);
  });

  it('ConsultarNfseServicoTomado returns the notes issued to the consulting taker, 50 per page', async () => {
    const taker = '11444777000161';
    const rps = Array.from({ length: 51 }, () => {
      const dps = dpsDf();
      return signedRps({ ...dps, toma: { CNPJ: taker, xNome: 'Tomador Consulente Ltda' } });
    });
    const first = await call('RecepcionarLoteRpsSincrono', lote('92', rps.slice(0, 50)));
    expect(first.notas).toHaveLength(50);
    expect((await call('RecepcionarLoteRpsSincrono', lote('93', rps.slice(50)))).notas).toHaveLength(1);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const query = (pagina: number) =>
      consultarNfseServicoTomadoMessage(BRASILIA, {
        consulente: { documento: { CNPJ: taker } },
        dataInicial: today,
        dataFinal: today,
        pagina,
      });
    const page1 = await call('ConsultarNfseServicoTomado', query(1));
    const page2 = await call('ConsultarNfseServicoTomado', query(2));
    expect([page1.notas.length, page2.notas.length]).toEqual([50, 1]);
    expect(page2.pagina).toBe(2);
    expect(new Set([...page1.notas, ...page2.notas].map((n) => n.tomador))).toEqual(new Set([taker]));
  });

  it('a lot above the profile limit is refused', async () => {
    const rps = Array.from({ length: BRASILIA.loteMaximo + 1 }, () => signedRps(dpsDf()));
    const refused = await call('RecepcionarLoteRpsSincrono', lote('94', rps));
    expect(refused.erros.map((e) => e.codigo)).toEqual(['X001']);
  });
});
