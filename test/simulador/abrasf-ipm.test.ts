// The ABRASF simulator as IPM 2.04 (Novo Hamburgo), driven through the engine's SOAP client and by hand: the wrapper in
// net.atende standing in the message root's place, SOAPAction net.atende#<root>, nothing signed, the portal login and
// password as HTTP Basic (401 without them or with others), the answers as a string in <return>, each valid against
// IPM's answer schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorityClient, type AuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import {
  cancelarNfseMessage,
  consultarNfseRpsMessage,
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
} from '../../src/engine/nfse/abrasf/abrasf-message.js';
import { abrasfServiceFields } from '../../src/engine/nfse/abrasf/abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../../src/engine/nfse/abrasf/build-abrasf-rps.js';
import { abrasfAutorizacao, abrasfEnvelope, callAbrasf } from '../../src/engine/nfse/abrasf/call-abrasf.js';
import type { OperacaoAbrasf } from '../../src/engine/nfse/abrasf/perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { readAbrasfAnswer } from '../../src/engine/nfse/abrasf/read-abrasf-answer.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';
import { signXml } from '../../src/engine/xml/sign-xml.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { createAbrasfSimulator, type AbrasfSimulator } from '../../src/simulator/abrasf/create-abrasf-simulator.js';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../support/nfse-fixtures.js';
import { simulatorSigner } from '../support/test-keys.js';

const IPM = perfilAbrasfDoMunicipio('4313409')!;
const IM = '0712345600';
const CREDENCIAIS = { usuario: PREST_CNPJ, senha: 'senha:do&portal' };
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: IM };
const RESPOSTA: Partial<Record<OperacaoAbrasf, string>> = {
  GerarNfse: 'GerarNfseResposta',
  ConsultarNfsePorRps: 'ConsultarNfseRpsResposta',
  CancelarNfse: 'CancelarNfseResposta',
  RecepcionarLoteRpsSincrono: 'EnviarLoteRpsSincronoResposta',
};
let sim: AbrasfSimulator;
let client: AuthorityClient;

beforeAll(async () => {
  sim = createAbrasfSimulator({ signer: simulatorSigner() });
  await sim.listen();
  sim.credenciais(PREST_CNPJ, CREDENCIAIS);
  client = createAuthorityClient({ baseUrl: `${sim.url}/${IPM.ibge}`, timeoutMs: 2_000 });
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

function dps(): DpsInput {
  const base = baseDps();
  return {
    ...base,
    cLocEmi: IPM.ibge,
    prest: { ...base.prest, IM },
    toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' },
    serv: { ...base.serv, locPrest: { cLocPrestacao: IPM.ibge } },
  };
}

function rps(d: DpsInput): string {
  const fields = abrasfServiceFields(d, IPM);
  if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
  return buildAbrasfRps({ leiaute: IPM, dps: d, campos: fields.campos });
}

/** Posts a SOAP request as written, with the profile's SOAPAction unless another is given. */
async function post(envelope: string, headers: Record<string, string>) {
  const res = await fetch(`${sim.url}/${IPM.ibge}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"net.atende#GerarNfseEnvio"', ...headers },
    body: envelope,
  });
  return { status: res.status, text: await res.text() };
}

async function call(operacao: OperacaoAbrasf, dados: string) {
  const answer = await callAbrasf(client, IPM, operacao, dados, CREDENCIAIS);
  if (answer.kind !== 'answer') throw new Error(`sem resposta: ${JSON.stringify(answer)}`);
  expect(validateXsd(answer.xml, `provedor:${IPM.esquema}`), RESPOSTA[operacao]).toEqual([]);
  return readAbrasfAnswer(answer.xml);
}

describe('ABRASF simulator as IPM 2.04', () => {
  it('issues an unsigned RPS, finds it by RPS and cancels it; each answer in <return>, valid against IPM’s schema', async () => {
    const d = dps();
    const gerar = gerarNfseMessage(IPM, rps(d));
    expect(gerar).not.toMatch(/\sId="/);
    const issued = await call('GerarNfse', gerar);
    expect(issued.erros).toEqual([]);
    expect(issued.notas[0]!.rps).toEqual(identificacaoRps(d));
    // The city's note carries no identifier either, and no signature.
    expect(issued.notas[0]!.xml).toContain('<InfNfse>');
    expect(issued.notas[0]!.xml).not.toContain('Signature');
    const found = await call(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(IPM, { rps: identificacaoRps(d), prestador }),
    );
    expect(found.notas.map((n) => n.numero)).toEqual([issued.notas[0]!.numero]);
    const cancelled = await call(
      'CancelarNfse',
      cancelarNfseMessage(IPM, {
        numeroNfse: issued.notas[0]!.numero,
        prestador,
        codigoMunicipio: IPM.ibge,
        codigoCancelamento: '2',
      }),
    );
    expect(cancelled.erros).toEqual([]);
    expect(cancelled.cancelamento?.dataHora).toBeTruthy();
    // The city read the message back whole: the root around the wrapper's children, in the ABRASF namespace.
    const received = sim.calls().filter((c) => c.ibge === IPM.ibge);
    expect(received.map((c) => c.operacao)).toEqual(['GerarNfse', 'ConsultarNfsePorRps', 'CancelarNfse']);
    expect(received[0]!.dados).toMatch(/^<GerarNfseEnvio xmlns="http:\/\/www\.abrasf\.org\.br\/nfse\.xsd"><Rps xmlns=/);
  });

  it('a synchronous lot of two unsigned RPS (SOAPAction net.atende#EnviarLoteRpsSincronoEnvio) gives two notes', async () => {
    const [a, b] = [dps(), dps()];
    const lote = enviarLoteRpsSincronoMessage(IPM, { numeroLote: '9', prestador, rpsAssinados: [rps(a), rps(b)] });
    expect(lote).not.toContain('Signature');
    const issued = await call('RecepcionarLoteRpsSincrono', lote);
    expect(issued.erros).toEqual([]);
    expect(issued.notas.map((n) => n.rps)).toEqual([identificacaoRps(a), identificacaoRps(b)]);
  });

  it('answers 401 without the Basic credential or with another password, before reading the message', async () => {
    const envelope = abrasfEnvelope(IPM, 'GerarNfse', gerarNfseMessage(IPM, rps(dps())));
    const before = sim.notes().length;
    const sem = await post(envelope, {});
    expect(sem.status).toBe(401);
    expect(sem.text).toContain('Credencial ausente: usuario');
    const errada = await post(envelope, {
      authorization: abrasfAutorizacao(IPM, { ...CREDENCIAIS, senha: 'outra' })!,
    });
    expect(errada.status).toBe(401);
    expect(errada.text).toContain('Credencial inválida: senha');
    const certa = await post(envelope, { authorization: abrasfAutorizacao(IPM, CREDENCIAIS)! });
    expect(certa.status).toBe(200);
    expect(certa.text).toContain('<ws:GerarNfseResponse xmlns:ws="net.atende"><return xmlns="">&lt;GerarNfseResposta');
    expect(sim.notes()).toHaveLength(before + 1);
  });

  it('refuses another SOAPAction, and a signature (X002), since nothing carries an identifier to sign', async () => {
    const authorization = abrasfAutorizacao(IPM, CREDENCIAIS)!;
    const envelope = abrasfEnvelope(IPM, 'GerarNfse', gerarNfseMessage(IPM, rps(dps())));
    const action = await post(envelope, { authorization, soapaction: '"net.atende#GerarNfse"' });
    expect(action.status).toBe(500);
    expect(action.text).toContain('Operação SOAP desconhecida');
    // Signed by a client that ignored the profile: the Reference points at an Id the schema allows but IPM never writes.
    const { signer } = testIdentity();
    const comId = rps(dps()).replace('<InfDeclaracaoPrestacaoServico>', '<InfDeclaracaoPrestacaoServico Id="R1">');
    const assinado = signXml(comId, signer, { element: 'InfDeclaracaoPrestacaoServico', algorithm: 'sha1' });
    const signed = await post(abrasfEnvelope(IPM, 'GerarNfse', gerarNfseMessage(IPM, assinado)), { authorization });
    expect(signed.status).toBe(200);
    expect(signed.text).toContain('X002');
  });
});
