import { describe, expect, it } from 'vitest';
import { baseDps, PREST_CNPJ, testIdentity } from '../../../../../test/support/nfse-fixtures.js';
import { xmllint, xmlsecVerify } from '../../../../../test/support/external-tools.js';
import { provedorMunicipio } from '../../../tabelas/provedor-municipio.js';
import { schemaFile, validateXsd } from '../../../xml/validate-xsd.js';
import type { DpsInput } from '../../nacional/dps-input.js';
import { decideRotaNfse } from '../../provedores/decide-rota-nfse.js';
import { SISTEMA_ABRASF } from '../../provedores/sistema-abrasf.js';
import { sistemaOf } from '../../provedores/sistemas-proprios.js';
import {
  cancelarNfseMessage,
  consultarNfseRpsMessage,
  gerarNfseMessage,
  pedidoCancelamentoMessage,
  substituirNfseMessage,
} from '../abrasf-message.js';
import { abrasfServiceFields } from '../abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from '../build-abrasf-rps.js';
import { ABRASF_NS } from '../perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../perfis-abrasf.js';
import { signAbrasfXml } from '../sign-abrasf-xml.js';

const CAMPO_GRANDE = '5002704';
const BELEM = '1501402';
const PERFIL = perfilAbrasfDoMunicipio(CAMPO_GRANDE)!;
const ESQUEMA = `provedor:${PERFIL.esquema}` as const;
const { signer, a1 } = testIdentity();
const IM = '0712345600';
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: IM };

function dps(nDPS = '12'): DpsInput {
  const base = baseDps();
  return {
    ...base,
    nDPS,
    cLocEmi: CAMPO_GRANDE,
    prest: { ...base.prest, IM },
    serv: { ...base.serv, locPrest: { cLocPrestacao: CAMPO_GRANDE } },
  };
}

function signedRps(nDPS = '12'): string {
  const fields = abrasfServiceFields(dps(nDPS), PERFIL);
  if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
  return signAbrasfXml(
    buildAbrasfRps({ leiaute: PERFIL, dps: dps(nDPS), campos: fields.campos }),
    signer,
    'InfDeclaracaoPrestacaoServico',
    PERFIL,
  );
}

function signedPedido(numeroNfse: string): string {
  const pedido = { numeroNfse, prestador, codigoMunicipio: CAMPO_GRANDE, codigoCancelamento: '2' as const };
  return signAbrasfXml(pedidoCancelamentoMessage(PERFIL, pedido), signer, 'InfPedidoCancelamento', PERFIL);
}

/** Valid for the service's libxml2 and for Debian's xmllint, both against the ISSDSF variant's own schema. */
function expectValid(xml: string): void {
  expect(validateXsd(xml, ESQUEMA)).toEqual([]);
  const lint = xmllint(xml, schemaFile(ESQUEMA));
  expect(lint.ok, lint.output).toBe(true);
}

describe('ISSDSF 2.03 (Campo Grande): the DSF 2.03 variant with the ABRASF namespace', () => {
  it('the route decision serves Campo Grande through the ABRASF system, with the ISSDSF profile the provider name picks', () => {
    const rota = decideRotaNfse({ ibge: CAMPO_GRANDE, adesao: null, rotaEmpresa: null, dia: '2026-11-29' });
    expect(rota).toMatchObject({ rota: 'abrasf', provedor: { nome: 'ISSDSF', familia: 'DSF', versao: '2.03' } });
    expect(sistemaOf(rota)).toBe(SISTEMA_ABRASF);
    expect(SISTEMA_ABRASF.serves(provedorMunicipio(CAMPO_GRANDE)!)).toBe(true);
    expect(PERFIL).toMatchObject({
      familia: 'DSF',
      versao: '2.03',
      provedor: 'ISSDSF',
      nome: 'Campo Grande/MS',
      esquema: 'dsf/2.03-issdsf-campo-grande/acbr/nfse.xsd',
      namespaceDados: ABRASF_NS,
      mensagem: 'elementos',
      soapAction: '',
      envoltorio: '{operacao}',
      endpoints: provedorMunicipio(CAMPO_GRANDE)!.urls,
    });
    expect(PERFIL.incertos).toEqual(expect.arrayContaining(['soapAction', 'envoltorio', 'mensagem', 'assinaturas']));
    // The plain DSF 2.03 rows keep their unqualified profile.
    expect(perfilAbrasfDoMunicipio(BELEM)).toMatchObject({ provedor: 'DSF', namespaceDados: null });
  });

  it('GerarNfse is written in the ABRASF namespace, valid against the variant’s schema, and xmlsec1 verifies the RPS', () => {
    const xml = gerarNfseMessage(PERFIL, signedRps());
    expect(xml).toMatch(new RegExp(`^<GerarNfseEnvio xmlns="${ABRASF_NS}">`));
    expectValid(xml);
    const verified = xmlsecVerify(xml, a1.certificatePem, 'InfDeclaracaoPrestacaoServico');
    expect(verified.ok, verified.output).toBe(true);
    // The unqualified schema of plain DSF 2.03 refuses the same message: the two variants are not interchangeable.
    expect(validateXsd(xml, 'provedor:dsf/2.03/acbr/nfse.xsd').length).toBeGreaterThan(0);
    const unqualified = xml.replaceAll(` xmlns="${ABRASF_NS}"`, '');
    expect(validateXsd(unqualified, 'provedor:dsf/2.03/acbr/nfse.xsd')).toEqual([]);
    expect(validateXsd(unqualified, ESQUEMA).length).toBeGreaterThan(0);
  });

  it('ConsultarNfsePorRps goes unsigned, CancelarNfse and SubstituirNfse signed, all valid', () => {
    const consulta = consultarNfseRpsMessage(PERFIL, { rps: identificacaoRps(dps()), prestador });
    expectValid(consulta);
    expect(consulta).not.toContain('<Signature');
    const cancel = signAbrasfXml(
      cancelarNfseMessage(PERFIL, {
        numeroNfse: '2026000000123',
        prestador,
        codigoMunicipio: CAMPO_GRANDE,
        codigoCancelamento: '2',
      }),
      signer,
      'InfPedidoCancelamento',
      PERFIL,
    );
    expectValid(cancel);
    expect(xmlsecVerify(cancel, a1.certificatePem, 'InfPedidoCancelamento').ok).toBe(true);
    const subst = signAbrasfXml(
      substituirNfseMessage(PERFIL, {
        numeroNfse: '2026000000123',
        pedidoAssinado: signedPedido('2026000000123'),
        rpsAssinado: signedRps('13'),
      }),
      signer,
      'SubstituicaoNfse',
      PERFIL,
    );
    expectValid(subst);
    const verified = xmlsecVerify(subst, a1.certificatePem, [
      'InfPedidoCancelamento',
      'InfDeclaracaoPrestacaoServico',
      'SubstituicaoNfse',
    ]);
    expect(verified.ok, verified.output).toBe(true);
  });
});
