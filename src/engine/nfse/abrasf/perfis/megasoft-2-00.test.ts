import { describe, expect, it } from 'vitest';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../../../../../test/support/nfse-fixtures.js';
import { xmllint, xmlsecVerify } from '../../../../../test/support/external-tools.js';
import { schemaFile, validateXsd } from '../../../xml/validate-xsd.js';
import type { DpsInput } from '../../nacional/dps-input.js';
import { cabecalhoMessage, consultarNfseRpsMessage, gerarNfseMessage } from '../abrasf-message.js';
import { abrasfServiceFields } from '../abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../build-abrasf-rps.js';
import { buildRps } from '../build-rps.js';
import { abrasfEnvelope } from '../call-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../perfis-abrasf.js';
import { provedorMunicipio } from '../../../tabelas/provedor-municipio.js';
import { SISTEMA_ABRASF } from '../../provedores/sistema-abrasf.js';
import { signAbrasfXml } from '../sign-abrasf-xml.js';

const SILVANIA = '5220603';
const PERFIL = perfilAbrasfDoMunicipio(SILVANIA)!;
const ESQUEMA = `provedor:${PERFIL.esquema}` as const;
const NS = 'http://megasoftarrecadanet.com.br/xsd/nfse_v01.xsd';
const { signer, a1 } = testIdentity();
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: '0712345600' };
const ENDERECO = {
  endNac: { cMun: SILVANIA, CEP: '75180000' },
  xLgr: 'Rua das Flores',
  nro: '100',
  xBairro: 'Centro',
};

function dpsOf(over: Partial<DpsInput> = {}): DpsInput {
  const base = baseDps();
  return {
    ...base,
    cLocEmi: SILVANIA,
    prest: { ...base.prest, IM: '0712345600' },
    toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.', end: ENDERECO },
    serv: { ...base.serv, locPrest: { cLocPrestacao: SILVANIA } },
    ...over,
  };
}

/** Valid for the service's libxml2 and for Debian's xmllint, both against MegaSoft's own schema. */
function expectValid(xml: string): void {
  expect(validateXsd(xml, ESQUEMA)).toEqual([]);
  const lint = xmllint(xml, schemaFile(ESQUEMA));
  expect(lint.ok, lint.output).toBe(true);
}

function signedRps(dps: DpsInput): string {
  const fields = abrasfServiceFields(dps, PERFIL);
  if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
  return signAbrasfXml(
    buildRps({ leiaute: PERFIL, dps, campos: fields.campos }),
    signer,
    'InfDeclaracaoPrestacaoServico',
    PERFIL,
  );
}

describe('MegaSoft 2.00 (Silvânia): messages against MegaSoft’s schema', () => {
  it('the table routes the municipality to the MegaSoft profile: GerarNfse and ConsultarNfsePorRps only', () => {
    expect(SISTEMA_ABRASF.serves(provedorMunicipio(SILVANIA)!)).toBe(true);
    expect(PERFIL).toMatchObject({
      familia: 'MegaSoft',
      versao: '2.00',
      modeloRps: 'megasoft',
      namespaceDados: NS,
      operacoes: ['GerarNfse', 'ConsultarNfsePorRps'],
    });
    expect(PERFIL.endpoints.homologacao).toBeNull();
    expect(SISTEMA_ABRASF.captura?.municipios).not.toContain(SILVANIA);
  });

  it('GerarNfse carries MegaSoft’s RPS (identification by number with its own Id, Servico in its order) and xmlsec1 verifies it', () => {
    const dps = dpsOf();
    const xml = gerarNfseMessage(PERFIL, signedRps(dps));
    expectValid(xml);
    expect(xml).toMatch(
      new RegExp(
        `^<GerarNfseEnvio xmlns="${NS}"><Rps xmlns="${NS}"><InfDeclaracaoPrestacaoServico Id="Rps${PREST_CNPJ}49999N${dps.nDPS}"><Rps Id="InfRps${PREST_CNPJ}49999N${dps.nDPS}"><IdentificacaoRps><Numero>${dps.nDPS}</Numero></IdentificacaoRps><DataEmissao>2026-01-15T10:00:00-03:00</DataEmissao></Rps><Servico>`,
      ),
    );
    expect(xml).toContain(
      `<IssRetido>2</IssRetido><CodigoMunicipio>${SILVANIA}</CodigoMunicipio><Exigibilidade>1</Exigibilidade><NumeroNbs>115021000</NumeroNbs><Discriminacao>`,
    );
    expect(xml).toContain('<Bairro>Centro</Bairro><Cep>75180000</Cep><CodigoMunicipio>5220603</CodigoMunicipio>');
    for (const absent of ['ItemListaServico', 'Competencia', 'OptanteSimplesNacional', '<Serie>'])
      expect(xml).not.toContain(absent);
    const verified = xmlsecVerify(xml, a1.certificatePem, 'InfDeclaracaoPrestacaoServico');
    expect(verified.ok, verified.output).toBe(true);
    expect(
      xmlsecVerify(xml.replace('>1500.00<', '>1.00<'), a1.certificatePem, 'InfDeclaracaoPrestacaoServico').ok,
    ).toBe(false);
    // The ABRASF template's RPS is not MegaSoft's: its schema refuses it.
    const fields = abrasfServiceFields(dps, PERFIL);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    const template = gerarNfseMessage(PERFIL, buildAbrasfRps({ leiaute: PERFIL, dps, campos: fields.campos }));
    expect(validateXsd(template, ESQUEMA).length).toBeGreaterThan(0);
  });

  it('ConsultarNfsePorRps names the RPS by its number; the header validates; the strings go as CDATA in <ws:OpRequest>', () => {
    const consulta = consultarNfseRpsMessage(PERFIL, { rps: identificacaoRps(dpsOf()), prestador });
    expectValid(consulta);
    expect(consulta).toMatch(/<IdentificacaoRps><Numero>\d+<\/Numero><\/IdentificacaoRps><Prestador>/);
    const cabecalho = cabecalhoMessage(PERFIL, PERFIL.cabecalho!);
    expectValid(cabecalho);
    const envelope = abrasfEnvelope(PERFIL, 'ConsultarNfsePorRps', consulta);
    expect(envelope).toContain(
      '<ws:ConsultarNfsePorRpsRequest xmlns:ws="http://ws.megasoftarrecadanet.com.br"><nfseCabecMsg><![CDATA[<cabecalho',
    );
    expect(envelope).toContain(`<nfseDadosMsg><![CDATA[${consulta}]]></nfseDadosMsg>`);
  });

  it('a taker without address, or a note without NBS, is refused naming the field; no LC 116 subitem is asked', () => {
    const semEndereco = abrasfServiceFields(
      dpsOf({ toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' } }),
      PERFIL,
    );
    expect(semEndereco.erros.map((e) => [e.codigo, e.campo])).toEqual([['campo_obrigatorio', '/tomador/endereco']]);
    const { cNBS: _, ...semCodigo } = dpsOf().serv.cServ;
    const semNbs = abrasfServiceFields(dpsOf({ serv: { ...dpsOf().serv, cServ: semCodigo } }), PERFIL);
    expect(semNbs.erros.map((e) => [e.codigo, e.campo, e.mensagem])).toEqual([
      ['nbs_obrigatoria', '/servico/nbs', expect.stringContaining('NumeroNbs')],
    ]);
    expect(abrasfServiceFields(dpsOf({ toma: undefined }), PERFIL).erros).toEqual([]);
    const fora = dpsOf();
    expect(
      abrasfServiceFields(
        { ...fora, serv: { ...fora.serv, cServ: { ...fora.serv.cServ, cTribNac: '990101' } } },
        PERFIL,
      ).erros,
    ).toEqual([]);
  });
});
