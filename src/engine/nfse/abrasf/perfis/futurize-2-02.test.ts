import { describe, expect, it } from 'vitest';
import { baseDps, PREST_CNPJ, testIdentity } from '../../../../../test/support/nfse-fixtures.js';
import { xmllint, xmlsecVerify } from '../../../../../test/support/external-tools.js';
import { schemaFile, validateXsd } from '../../../xml/validate-xsd.js';
import type { DpsInput } from '../../nacional/dps-input.js';
import { cancelarNfseMessage, consultarNfseRpsMessage, gerarNfseMessage } from '../abrasf-message.js';
import { abrasfServiceFields } from '../abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../build-abrasf-rps.js';
import { perfilAbrasfDoMunicipio } from '../perfis-abrasf.js';
import { provedorMunicipio } from '../../../tabelas/provedor-municipio.js';
import { SISTEMA_ABRASF } from '../../provedores/sistema-abrasf.js';
import { signAbrasfXml } from '../sign-abrasf-xml.js';

const CACHOEIRA_DO_ARARI = '1502004';
const PERFIL = perfilAbrasfDoMunicipio(CACHOEIRA_DO_ARARI)!;
const ESQUEMA = `provedor:${PERFIL.esquema}` as const;
const { signer, a1 } = testIdentity();
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: '0712345600' };

function dpsOf(over: Partial<DpsInput['serv']['cServ']> = {}): DpsInput {
  const base = baseDps();
  return {
    ...base,
    cLocEmi: CACHOEIRA_DO_ARARI,
    prest: { ...base.prest, IM: '0712345600' },
    serv: {
      ...base.serv,
      locPrest: { cLocPrestacao: CACHOEIRA_DO_ARARI },
      cServ: { ...base.serv.cServ, ...over },
    },
  };
}

/** Valid for the service's libxml2 and for Debian's xmllint, both against Futurize's own schema. */
function expectValid(xml: string): void {
  expect(validateXsd(xml, ESQUEMA)).toEqual([]);
  const lint = xmllint(xml, schemaFile(ESQUEMA));
  expect(lint.ok, lint.output).toBe(true);
}

describe('Futurize 2.02 (Cachoeira do Arari): messages against Futurize’s schema', () => {
  it('the table routes the municipality to the Futurize profile', () => {
    expect(SISTEMA_ABRASF.serves(provedorMunicipio(CACHOEIRA_DO_ARARI)!)).toBe(true);
    expect(PERFIL).toMatchObject({ familia: 'Futurize', versao: '2.02', esquema: 'futurize/2.02/acbr/nfse.xsd' });
    expect(PERFIL.incertos).toContain('assinaturas');
  });

  it('GerarNfse writes Servico in Futurize’s order (cTribNac, cNBS last, no ItemListaServico) and xmlsec1 verifies the RPS', () => {
    const fields = abrasfServiceFields(dpsOf(), PERFIL);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    expect(fields.campos.itemListaServico).toBeUndefined();
    const rps = signAbrasfXml(
      buildAbrasfRps({ leiaute: PERFIL, dps: dpsOf(), campos: fields.campos }),
      signer,
      'InfDeclaracaoPrestacaoServico',
      PERFIL,
    );
    const xml = gerarNfseMessage(PERFIL, rps);
    expectValid(xml);
    expect(xml).toMatch(
      /<MunicipioIncidencia>1502004<\/MunicipioIncidencia><cTribNac>010101<\/cTribNac><cNBS>115021000<\/cNBS><\/Servico>/,
    );
    expect(xml).not.toContain('ItemListaServico');
    const verified = xmlsecVerify(xml, a1.certificatePem, 'InfDeclaracaoPrestacaoServico');
    expect(verified.ok, verified.output).toBe(true);
    // The template's order is not Futurize's: ItemListaServico before Discriminacao fails its schema.
    expect(
      validateXsd(xml.replace('<Discriminacao>', '<ItemListaServico>01.01</ItemListaServico><Discriminacao>'), ESQUEMA)
        .length,
    ).toBeGreaterThan(0);
  });

  it('a note without NBS is refused naming /servico/nbs; a national code ABRASF 2.04 does not list is accepted', () => {
    const { cNBS: _, ...semCodigo } = dpsOf().serv.cServ;
    const semNbs = { ...dpsOf(), serv: { ...dpsOf().serv, cServ: semCodigo } };
    const { erros } = abrasfServiceFields(semNbs, PERFIL);
    expect(erros.map((e) => [e.codigo, e.campo])).toEqual([['nbs_obrigatoria', '/servico/nbs']]);
    expect(abrasfServiceFields(dpsOf({ cTribNac: '990101' }), PERFIL).erros).toEqual([]);
  });

  it('ConsultarNfsePorRps and a signed CancelarNfse validate', () => {
    expectValid(consultarNfseRpsMessage(PERFIL, { rps: identificacaoRps(dpsOf()), prestador }));
    const cancel = signAbrasfXml(
      cancelarNfseMessage(PERFIL, {
        numeroNfse: '2026000000123',
        prestador,
        codigoMunicipio: CACHOEIRA_DO_ARARI,
        codigoCancelamento: '2',
      }),
      signer,
      'InfPedidoCancelamento',
      PERFIL,
    );
    expectValid(cancel);
    expect(xmlsecVerify(cancel, a1.certificatePem, 'InfPedidoCancelamento').ok).toBe(true);
  });
});
