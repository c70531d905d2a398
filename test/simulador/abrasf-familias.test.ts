// The ABRASF simulator speaking the families whose wire differs the most (Giss, Tinus, Fisco, Sintese), driven
// through the engine's SOAP client with each family's profile: it validates what it receives against THAT family's
// schema and answers in the family's own format, every answer valid against the family's answer schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorityClient, type AuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import {
  cancelarNfseMessage,
  consultarNfseRpsMessage,
  consultarNfseServicoTomadoMessage,
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
  pedidoCancelamentoMessage,
  substituirNfseMessage,
} from '../../src/engine/nfse/abrasf/abrasf-message.js';
import { abrasfServiceFields } from '../../src/engine/nfse/abrasf/abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../../src/engine/nfse/abrasf/build-abrasf-rps.js';
import { buildRps } from '../../src/engine/nfse/abrasf/build-rps.js';
import { callAbrasf, RAIZ_MENSAGEM } from '../../src/engine/nfse/abrasf/call-abrasf.js';
import type { OperacaoAbrasf, PerfilAbrasf } from '../../src/engine/nfse/abrasf/perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { esquemaDaMensagem } from '../../src/engine/nfse/abrasf/qualify-abrasf-message.js';
import { readAbrasfAnswer } from '../../src/engine/nfse/abrasf/read-abrasf-answer.js';
import { signAbrasfXml } from '../../src/engine/nfse/abrasf/sign-abrasf-xml.js';
import { xmlText } from '../../src/engine/nfse/abrasf/xml-text.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { createAbrasfSimulator, type AbrasfSimulator } from '../../src/simulator/abrasf/create-abrasf-simulator.js';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../support/nfse-fixtures.js';
import { simulatorSigner } from '../support/test-keys.js';

/**
 * One municipality per family; `outro`, a city of another family whose layout the family's schema refuses; Tinus's
 * schema declares each answer only inside its SOAP element (`<GerarNfseEnvioResponse>`), so there it is checked there.
 */
const FAMILIAS = [
  { familia: 'Giss 2.04', ibge: '2704302', outro: '5300108', respostaNoElementoSoap: false },
  { familia: 'Tinus 2.03', ibge: '2607901', outro: '5300108', respostaNoElementoSoap: true },
  { familia: 'Fisco 2.03', ibge: '2924009', outro: '5300108', respostaNoElementoSoap: false },
  { familia: 'Sintese 2.04', ibge: '3135100', outro: '2910800', respostaNoElementoSoap: false },
] as const;
const IM = '0712345600';
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: IM };
const { signer } = testIdentity();
let sim: AbrasfSimulator;

beforeAll(async () => {
  sim = createAbrasfSimulator({ signer: simulatorSigner() });
  await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});

const RESPOSTA: Partial<Record<OperacaoAbrasf, string>> = {
  GerarNfse: 'GerarNfseResposta',
  RecepcionarLoteRpsSincrono: 'EnviarLoteRpsSincronoResposta',
  ConsultarNfsePorRps: 'ConsultarNfseRpsResposta',
  CancelarNfse: 'CancelarNfseResposta',
};

describe.each(FAMILIAS)('ABRASF simulator as $familia', ({ ibge, outro, respostaNoElementoSoap }) => {
  const perfil = perfilAbrasfDoMunicipio(ibge)!;
  let client: AuthorityClient;
  beforeAll(() => {
    client = createAuthorityClient({ baseUrl: `${sim.url}/${ibge}`, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await client?.close();
  });

  const dps = (): DpsInput => {
    const base = baseDps();
    return {
      ...base,
      cLocEmi: ibge,
      prest: { ...base.prest, IM },
      toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' },
      serv: { ...base.serv, locPrest: { cLocPrestacao: ibge } },
    };
  };
  const signedRps = (d: DpsInput, p: PerfilAbrasf = perfil) => {
    const fields = abrasfServiceFields(d, p);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    return signAbrasfXml(
      buildAbrasfRps({ leiaute: p, dps: d, campos: fields.campos }),
      signer,
      'InfDeclaracaoPrestacaoServico',
      p,
    );
  };
  const emissao = (rps: string) =>
    perfil.emissao === 'GerarNfse'
      ? gerarNfseMessage(perfil, rps)
      : signAbrasfXml(
          enviarLoteRpsSincronoMessage(perfil, { numeroLote: '5', prestador, rpsAssinados: [rps] }),
          signer,
          'LoteRps',
          perfil,
        );

  /** Calls the city as its profile writes the request; the answer is checked against the family's answer schema. */
  async function call(operacao: OperacaoAbrasf, dados: string) {
    const answer = await callAbrasf(client, perfil, operacao, dados);
    if (answer.kind !== 'answer') throw new Error(`sem resposta: ${JSON.stringify(answer)}`);
    const raiz = RAIZ_MENSAGEM[operacao];
    const documento = respostaNoElementoSoap
      ? `<${raiz}Response xmlns="${perfil.namespaceDados}">${answer.xml}</${raiz}Response>`
      : answer.xml;
    expect(validateXsd(documento, `provedor:${esquemaDaMensagem(perfil, RESPOSTA[operacao]!)}`)).toEqual([]);
    return { xml: answer.xml, ...readAbrasfAnswer(answer.xml) };
  }

  it('issues, finds the note by RPS and cancels it, each answer in the family’s format', async () => {
    const d = dps();
    const issued = await call(perfil.emissao, emissao(signedRps(d)));
    expect(issued.erros).toEqual([]);
    expect(issued.notas).toHaveLength(1);
    expect(issued.notas[0]!.rps).toEqual(identificacaoRps(d));
    const found = await call(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(perfil, { rps: identificacaoRps(d), prestador }),
    );
    expect(found.notas.map((n) => n.numero)).toEqual([issued.notas[0]!.numero]);
    const pedido = {
      numeroNfse: issued.notas[0]!.numero,
      prestador,
      codigoMunicipio: ibge,
      codigoCancelamento: '2',
      motivo: { codigo: '2', texto: 'Serviço não foi prestado ao cliente' },
    } as const;
    const cancelled = await call(
      'CancelarNfse',
      signAbrasfXml(cancelarNfseMessage(perfil, pedido), signer, 'InfPedidoCancelamento', perfil),
    );
    expect(cancelled.erros).toEqual([]);
    expect(cancelled.cancelamento?.dataHora).toBeTruthy();
    expect(sim.notes().find((n) => n.ibge === ibge && n.numero === pedido.numeroNfse)!.cancelamentoXml).not.toBeNull();
  });

  it('refuses (X001) a request written in another family’s layout', async () => {
    const other = perfilAbrasfDoMunicipio(outro)!;
    const d = dps();
    const plain = await callAbrasf(client, perfil, 'GerarNfse', gerarNfseMessage(other, signedRps(d, other)));
    if (plain.kind !== 'answer') throw new Error(JSON.stringify(plain));
    expect(readAbrasfAnswer(plain.xml).erros.map((e) => e.codigo)).toEqual(['X001']);
    expect(sim.notes().filter((n) => n.ibge === ibge && n.rps.numero === identificacaoRps(d).numero)).toEqual([]);
  });
});

describe('ABRASF simulator as EloTech 2.03 (Ponta Grossa)', () => {
  const ibge = '4119905';
  const perfil = perfilAbrasfDoMunicipio(ibge)!;
  const credenciais = { senha: 'senha-elotech' };
  const requerente = { prestador, homologacao: false };
  let client: AuthorityClient;
  beforeAll(() => {
    client = createAuthorityClient({ baseUrl: `${sim.url}/${ibge}`, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await client?.close();
  });

  const dps = (): DpsInput => {
    const base = baseDps();
    return {
      ...base,
      cLocEmi: ibge,
      prest: { ...base.prest, IM },
      toma: {
        CNPJ: TOMA_CNPJ,
        xNome: 'Cliente Exemplo S.A.',
        end: { endNac: { cMun: ibge, CEP: '84010000' }, xLgr: 'Rua XV', nro: '100', xBairro: 'Centro' },
      },
      serv: { ...base.serv, locPrest: { cLocPrestacao: ibge } },
    };
  };

  /** Calls the city with the requester's identification; the answer is checked against EloTech's schema. */
  async function call(operacao: OperacaoAbrasf, dados: string, resposta: string) {
    const answer = await callAbrasf(client, perfil, operacao, dados, { ...credenciais, requerente });
    if (answer.kind !== 'answer') throw new Error(`sem resposta: ${JSON.stringify(answer)}`);
    expect(validateXsd(answer.xml, `provedor:${perfil.esquema}`)).toEqual([]);
    expect(answer.xml).toMatch(new RegExp(`^<${resposta} xmlns="${perfil.namespaceDados}">`));
    return { xml: answer.xml, ...readAbrasfAnswer(answer.xml) };
  }

  it('issues by a one-RPS lot, finds the note by RPS, cancels it with its ChaveAcesso and lists it as taken', async () => {
    const d = dps();
    const fields = abrasfServiceFields(d, perfil, { cnae: '6201501' });
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    const rps = buildRps({ leiaute: perfil, dps: d, campos: fields.campos });
    const issued = await call(
      'RecepcionarLoteRpsSincrono',
      enviarLoteRpsSincronoMessage(perfil, { numeroLote: '5', prestador, rpsAssinados: [rps] }),
      'EnviarLoteRpsSincronoResposta',
    );
    expect(issued.erros).toEqual([]);
    expect(issued.notas).toHaveLength(1);
    expect(issued.notas[0]!.rps).toEqual(identificacaoRps(d));
    const chaveAcesso = /<ChaveAcesso>([0-9a-f]{32})<\/ChaveAcesso>/.exec(issued.xml)![1]!;
    const found = await call(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(perfil, { rps: identificacaoRps(d), prestador }),
      'ConsultarNfseRpsResposta',
    );
    expect(found.notas.map((n) => n.numero)).toEqual([issued.notas[0]!.numero]);
    const pedido = {
      numeroNfse: issued.notas[0]!.numero,
      prestador,
      codigoMunicipio: ibge,
      codigoCancelamento: '2',
    } as const;
    // Another note's key is not this note's: the city does not find it.
    const wrongKey = await call(
      'CancelarNfse',
      cancelarNfseMessage(perfil, { ...pedido, chaveAcesso: 'f'.repeat(32) }),
      'CancelarNfseResposta',
    );
    expect(wrongKey.erros.map((e) => e.codigo)).toEqual(['X003']);
    const cancelled = await call(
      'CancelarNfse',
      cancelarNfseMessage(perfil, { ...pedido, chaveAcesso }),
      'CancelarNfseResposta',
    );
    expect(cancelled.erros).toEqual([]);
    expect(cancelled.cancelamento?.dataHora).toBeTruthy();
    const taken = await call(
      'ConsultarNfseServicoTomado',
      consultarNfseServicoTomadoMessage(perfil, {
        consulente: { documento: { CNPJ: TOMA_CNPJ } },
        dataInicial: '2000-01-01',
        dataFinal: '2099-12-31',
        pagina: 1,
      }),
      'ConsultarNfseServicoTomadoResposta',
    );
    expect(taken.notas.map((n) => n.numero)).toContain(pedido.numeroNfse);
  });

  it('SubstituirNfse: refuses a ChaveAcesso the note does not carry (X003); with the note’s own, cancels it and issues the new one, answering in EloTech’s format', async () => {
    const issue = async (d: DpsInput) => {
      const fields = abrasfServiceFields(d, perfil, { cnae: '6201501' });
      if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
      return buildRps({ leiaute: perfil, dps: d, campos: fields.campos });
    };
    const d = dps();
    const issued = await call(
      'RecepcionarLoteRpsSincrono',
      enviarLoteRpsSincronoMessage(perfil, { numeroLote: '8', prestador, rpsAssinados: [await issue(d)] }),
      'EnviarLoteRpsSincronoResposta',
    );
    const original = issued.notas[0]!;
    const novo = await issue({ ...d, nDPS: String(Number(d.nDPS) + 1) });
    const substituir = (chaveAcesso: string) =>
      substituirNfseMessage(perfil, {
        numeroNfse: original.numero,
        pedidoAssinado: pedidoCancelamentoMessage(perfil, {
          numeroNfse: original.numero,
          prestador,
          codigoMunicipio: ibge,
          codigoCancelamento: '1',
          chaveAcesso,
        }),
        rpsAssinado: novo,
      });
    const wrongKey = await call('SubstituirNfse', substituir('e'.repeat(32)), 'SubstituirNfseResposta');
    expect(wrongKey.erros.map((e) => e.codigo)).toEqual(['X003']);
    expect(sim.notes().find((n) => n.ibge === ibge && n.numero === original.numero)!.cancelamentoXml).toBeNull();
    const replaced = await call(
      'SubstituirNfse',
      substituir(xmlText(original.xml, 'ChaveAcesso')!),
      'SubstituirNfseResposta',
    );
    expect(replaced.erros).toEqual([]);
    expect(replaced.xml).toMatch(/^<SubstituirNfseResposta[^>]*><RetSubstituicao><NfseSubstituida><CompNfse>/);
    const [antiga, nova] = replaced.notas;
    expect(antiga).toMatchObject({ numero: original.numero, cancelada: true });
    expect(nova).toMatchObject({ cancelada: false, rps: identificacaoRps({ ...d, nDPS: String(Number(d.nDPS) + 1) }) });
    expect(xmlText(nova!.xml, 'NfseSubstituida')).toBe(original.numero);
  });

  it('refuses (X004) a message without the requester’s password, and (X001) a password shorter than the schema’s 6', async () => {
    const consulta = consultarNfseRpsMessage(perfil, { rps: identificacaoRps(dps()), prestador });
    const outra = perfilAbrasfDoMunicipio('5300108')!;
    // Sent as a family without requester identification: no password reaches the city.
    const semRequerente = await callAbrasf(
      client,
      { ...perfil, credenciais: outra.credenciais },
      'ConsultarNfsePorRps',
      consulta,
    );
    if (semRequerente.kind !== 'answer') throw new Error(JSON.stringify(semRequerente));
    expect(readAbrasfAnswer(semRequerente.xml).erros.map((e) => e.codigo)).toEqual(['X004']);
    const curta = await callAbrasf(client, perfil, 'ConsultarNfsePorRps', consulta, { senha: 'abc', requerente });
    if (curta.kind !== 'answer') throw new Error(JSON.stringify(curta));
    expect(readAbrasfAnswer(curta.xml).erros.map((e) => e.codigo)).toEqual(['X001']);
  });
});
