import { describe, expect, it } from 'vitest';
import { baseDps, dpsVariants, PREST_CNPJ, testIdentity } from '../../../../test/support/nfse-fixtures.js';
import { xmllint, xmlsecVerify } from '../../../../test/support/external-tools.js';
import { validateXsd } from '../../xml/validate-xsd.js';
import { verifyXmlSignature } from '../../xml/verify-xml-signature.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { abrasfServiceFields } from './abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from './build-abrasf-rps.js';
import {
  cabecalhoMessage,
  cancelarNfseMessage,
  consultarNfseRpsMessage,
  consultarNfseServicoTomadoMessage,
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
  pedidoCancelamentoMessage,
  substituirNfseMessage,
} from './abrasf-message.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';
import type { PerfilAbrasf } from './perfil-abrasf.js';
import { signAbrasfXml } from './sign-abrasf-xml.js';

const DF = '5300108';
const BRASILIA = perfilAbrasfDoMunicipio(DF)!;
const { signer, a1 } = testIdentity();
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: '0712345600' };

function brasiliaDps(over: Partial<DpsInput> = {}): DpsInput {
  const base = baseDps(over);
  return {
    ...base,
    cLocEmi: DF,
    prest: { ...base.prest, IM: '0712345600' },
    serv: { ...base.serv, locPrest: { cLocPrestacao: DF } },
  };
}

function signedRps(dps: DpsInput, perfil: PerfilAbrasf = BRASILIA): string {
  const fields = abrasfServiceFields(dps, perfil);
  if (fields.erros.length > 0 || !('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
  return signAbrasfXml(
    buildAbrasfRps({ leiaute: perfil, dps, campos: fields.campos }),
    signer,
    'InfDeclaracaoPrestacaoServico',
    perfil,
  );
}

/** Valid for the service's libxml2 and for Debian's xmllint, both against the official 2.04 schema. */
function expectValid(xml: string): void {
  expect(validateXsd(xml, 'abrasf')).toEqual([]);
  const lint = xmllint(xml, 'abrasf/nfse_v204.xsd');
  expect(lint.output).toMatch(/validates/);
  expect(lint.ok).toBe(true);
}

describe('ABRASF 2.04 messages against the official schema, signatures checked by xmlsec1', () => {
  it('GerarNfse: every DPS variant becomes a valid RPS whose signature xmlsec1 verifies', () => {
    for (const [name, dps] of Object.entries(dpsVariants())) {
      const xml = gerarNfseMessage(BRASILIA, signedRps(brasiliaDps({ ...dps, cLocEmi: DF })));
      expect(validateXsd(xml, 'abrasf'), name).toEqual([]);
      expect(verifyXmlSignature(xml, 'InfDeclaracaoPrestacaoServico').valid, name).toBe(true);
    }
    const xml = gerarNfseMessage(BRASILIA, signedRps(brasiliaDps()));
    expectValid(xml);
    expect(xml).toContain('<ItemListaServico>01.01</ItemListaServico>');
    expect(xml).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    const verified = xmlsecVerify(xml, a1.certificatePem, 'InfDeclaracaoPrestacaoServico');
    expect(verified.output).toMatch(/OK/);
    expect(verified.ok).toBe(true);
  });

  it('a tampered RPS fails xmlsec1, and a subitem outside the 2.04 list fails the schema', () => {
    const xml = gerarNfseMessage(BRASILIA, signedRps(brasiliaDps()));
    expect(
      xmlsecVerify(
        xml.replace('<ValorServicos>1500.00<', '<ValorServicos>1.00<'),
        a1.certificatePem,
        'InfDeclaracaoPrestacaoServico',
      ).ok,
    ).toBe(false);
    expect(
      validateXsd(xml.replace('<ItemListaServico>01.01<', '<ItemListaServico>01.99<'), 'abrasf').length,
    ).toBeGreaterThan(0);
  });

  it('RecepcionarLoteRpsSincrono: each RPS signed, then the lot; xmlsec1 verifies all three signatures', () => {
    const rps = [signedRps(brasiliaDps()), signedRps(brasiliaDps())];
    const lote = signAbrasfXml(
      enviarLoteRpsSincronoMessage(BRASILIA, { numeroLote: '12', prestador, rpsAssinados: rps }),
      signer,
      'LoteRps',
      BRASILIA,
    );
    expectValid(lote);
    expect(lote.match(/<Signature /g)).toHaveLength(3);
    expect(lote).toContain('<QuantidadeRps>2</QuantidadeRps>');
    expect(verifyXmlSignature(lote, 'LoteRps').valid).toBe(true);
    const verified = xmlsecVerify(lote, a1.certificatePem, ['InfDeclaracaoPrestacaoServico', 'LoteRps']);
    expect(verified.output).toMatch(/OK/);
    expect(verified.ok).toBe(true);
  });

  it('ConsultarNfsePorRps, CancelarNfse, SubstituirNfse and ConsultarNfseServicoTomado validate; cancellation and substitution verify', () => {
    const dps = brasiliaDps();
    expectValid(consultarNfseRpsMessage(BRASILIA, { rps: identificacaoRps(dps), prestador }));
    const pedido = { numeroNfse: '2026000000123', prestador, codigoMunicipio: DF, codigoCancelamento: '2' } as const;
    const cancel = signAbrasfXml(cancelarNfseMessage(BRASILIA, pedido), signer, 'InfPedidoCancelamento', BRASILIA);
    expectValid(cancel);
    expect(xmlsecVerify(cancel, a1.certificatePem, 'InfPedidoCancelamento').ok).toBe(true);

    const pedidoAssinado = signAbrasfXml(
      pedidoCancelamentoMessage(BRASILIA, { ...pedido, codigoCancelamento: '1' }),
      signer,
      'InfPedidoCancelamento',
      BRASILIA,
    );
    const subst = signAbrasfXml(
      substituirNfseMessage(BRASILIA, { numeroNfse: '2026000000123', pedidoAssinado, rpsAssinado: signedRps(dps) }),
      signer,
      'SubstituicaoNfse',
      BRASILIA,
    );
    expectValid(subst);
    const verified = xmlsecVerify(subst, a1.certificatePem, [
      'InfPedidoCancelamento',
      'InfDeclaracaoPrestacaoServico',
      'SubstituicaoNfse',
    ]);
    expect(verified.output).toMatch(/OK/);
    expect(verified.ok).toBe(true);

    expectValid(
      consultarNfseServicoTomadoMessage(BRASILIA, {
        consulente: prestador,
        dataInicial: '2026-10-01',
        dataFinal: '2026-10-31',
        pagina: 1,
      }),
    );
    expectValid(cabecalhoMessage(BRASILIA, BRASILIA.cabecalho!));
  });
});

describe('ABRASF fields of a note', () => {
  it('derive ItemListaServico from the national code through the list’s LC 116 subitem', () => {
    const fields = abrasfServiceFields(
      brasiliaDps({ serv: { locPrest: { cLocPrestacao: DF }, cServ: { cTribNac: '070201', xDescServ: 'Obra' } } }),
      BRASILIA,
    );
    expect(fields).toEqual({ campos: { itemListaServico: '07.02', inscricaoMunicipal: '0712345600' }, erros: [] });
  });

  it('name the field when the city needs a code no correlation gives, or the municipal registration is missing', () => {
    const exige: PerfilAbrasf = { ...BRASILIA, codigoTributacaoMunicipio: 'exigido' };
    const dps = brasiliaDps();
    const semIm = { ...dps, prest: { ...dps.prest, IM: undefined } };
    const { erros } = abrasfServiceFields(semIm, exige);
    expect(erros.map((e) => [e.codigo, e.campo])).toEqual([
      ['codigo_servico_municipal_indisponivel', '/servico/codigo_nacional'],
      ['campo_obrigatorio', '/prestador/inscricao_municipal'],
    ]);
    expect(erros[0]!.mensagem).toContain('CodigoTributacaoMunicipio');
    const nacional = abrasfServiceFields(dps, { ...BRASILIA, codigoTributacaoMunicipio: 'codigo_nacional' });
    expect('campos' in nacional && nacional.campos.codigoTributacaoMunicipio).toBe('010101');
  });

  it('refuse a national code whose subitem the 2.04 schema does not list', () => {
    const dps = brasiliaDps({
      serv: { locPrest: { cLocPrestacao: DF }, cServ: { cTribNac: '990101', xDescServ: 'Outros' } },
    });
    const { erros } = abrasfServiceFields(dps, BRASILIA);
    expect(erros).toHaveLength(1);
    expect(erros[0]!.mensagem).toContain('ItemListaServico');
  });
});
