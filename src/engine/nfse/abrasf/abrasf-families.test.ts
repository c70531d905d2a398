import { describe, expect, it } from 'vitest';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../../../../test/support/nfse-fixtures.js';
import { xmllint, xmlsecVerify } from '../../../../test/support/external-tools.js';
import { schemaFile, validateXsd } from '../../xml/validate-xsd.js';
import type { DpsInput } from '../nacional/dps-input.js';
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
import { abrasfServiceFields } from './abrasf-service-fields.js';
import { buildAbrasfRps, identificacaoRps } from './build-abrasf-rps.js';
import { buildRps } from './build-rps.js';
import { abrasfEnvelope, comRequerente, operacaoNo, RAIZ_MENSAGEM, soapActionOf } from './call-abrasf.js';
import type { PerfilAbrasf } from './perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';
import { esquemaDaMensagem, namespaceDaMensagem } from './qualify-abrasf-message.js';
import { signAbrasfXml } from './sign-abrasf-xml.js';

// Every request of the families whose wire differs from the ABRASF template the most, built from their profiles and
// checked against THAT family's schema (the service's libxml2 and Debian's xmllint) and by xmlsec1.

const { signer, a1 } = testIdentity();
const prestador = { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: '0712345600' };

const FAMILIAS = [
  { familia: 'Giss 2.04', ibge: '2704302' },
  { familia: 'Tinus 2.03', ibge: '2607901' },
  { familia: 'Fisco 2.03', ibge: '2924009' },
  { familia: 'Sintese 2.04', ibge: '3135100' },
  { familia: 'IPM 2.04', ibge: '4313409' },
] as const;

function dpsOf(ibge: string): DpsInput {
  const base = baseDps();
  return {
    ...base,
    cLocEmi: ibge,
    prest: { ...base.prest, IM: '0712345600' },
    serv: { ...base.serv, locPrest: { cLocPrestacao: ibge } },
  };
}

function expectValid(perfil: PerfilAbrasf, raiz: string, xml: string): void {
  const esquema = esquemaDaMensagem(perfil, raiz);
  expect(validateXsd(xml, `provedor:${esquema}`), raiz).toEqual([]);
  const lint = xmllint(xml, schemaFile(`provedor:${esquema}`));
  expect(lint.ok, lint.output).toBe(true);
}

/** xmlsec1 verifies the signatures the family asks for; a family that signs nothing gets none. */
function expectSigned(perfil: PerfilAbrasf, xml: string, elements: string[], asked: boolean): void {
  if (!asked) {
    expect(xml).not.toContain('<Signature');
    return;
  }
  const verified = xmlsecVerify(xml, a1.certificatePem, elements);
  expect(verified.ok, verified.output).toBe(true);
}

describe.each(FAMILIAS)('$familia requests from its profile, against its own schema', ({ ibge }) => {
  const perfil = perfilAbrasfDoMunicipio(ibge)!;
  const dps = dpsOf(ibge);
  const fields = abrasfServiceFields(dps, perfil);
  const campos = 'campos' in fields ? fields.campos : null;
  const rps = () =>
    signAbrasfXml(
      buildAbrasfRps({ leiaute: perfil, dps, campos: campos! }),
      signer,
      'InfDeclaracaoPrestacaoServico',
      perfil,
    );

  it('GerarNfse and a one-RPS lot validate; the signatures the family asks verify, and a tampered value fails them', () => {
    expect(fields.erros).toEqual([]);
    const gerar = gerarNfseMessage(perfil, rps());
    expectValid(perfil, 'GerarNfseEnvio', gerar);
    expectSigned(perfil, gerar, ['InfDeclaracaoPrestacaoServico'], perfil.assinaturas.rps);
    if (perfil.assinaturas.rps)
      expect(
        xmlsecVerify(gerar.replace('>1500.00<', '>1.00<'), a1.certificatePem, 'InfDeclaracaoPrestacaoServico').ok,
      ).toBe(false);
    const lote = signAbrasfXml(
      enviarLoteRpsSincronoMessage(perfil, { numeroLote: '7', prestador, rpsAssinados: [rps()] }),
      signer,
      'LoteRps',
      perfil,
    );
    expectValid(perfil, 'EnviarLoteRpsSincronoEnvio', lote);
    expectSigned(perfil, lote, ['InfDeclaracaoPrestacaoServico', 'LoteRps'], perfil.assinaturas.lote);
  });

  it('ConsultarNfsePorRps, CancelarNfse, the header and, where offered, SubstituirNfse and ConsultarNfseServicoTomado validate', () => {
    expectValid(
      perfil,
      'ConsultarNfseRpsEnvio',
      consultarNfseRpsMessage(perfil, { rps: identificacaoRps(dps), prestador }),
    );
    const pedido = {
      numeroNfse: '2026000000123',
      prestador,
      codigoMunicipio: ibge,
      codigoCancelamento: '2',
      motivo: { codigo: '2', texto: 'Serviço não foi prestado ao cliente' },
    } as const;
    const cancel = signAbrasfXml(cancelarNfseMessage(perfil, pedido), signer, 'InfPedidoCancelamento', perfil);
    expectValid(perfil, 'CancelarNfseEnvio', cancel);
    expectSigned(perfil, cancel, ['InfPedidoCancelamento'], perfil.assinaturas.cancelamento);
    if (perfil.cabecalho) expectValid(perfil, 'cabecalho', cabecalhoMessage(perfil, perfil.cabecalho));
    if (!perfil.operacoes.includes('SubstituirNfse')) {
      expect(perfil.operacoes).not.toContain('ConsultarNfseServicoTomado');
      return;
    }
    const pedidoAssinado = signAbrasfXml(
      pedidoCancelamentoMessage(perfil, pedido),
      signer,
      'InfPedidoCancelamento',
      perfil,
    );
    const subst = signAbrasfXml(
      substituirNfseMessage(perfil, { numeroNfse: '2026000000123', pedidoAssinado, rpsAssinado: rps() }),
      signer,
      'SubstituicaoNfse',
      perfil,
    );
    expectValid(perfil, 'SubstituirNfseEnvio', subst);
    expectSigned(
      perfil,
      subst,
      ['InfPedidoCancelamento', 'InfDeclaracaoPrestacaoServico', 'SubstituicaoNfse'],
      perfil.assinaturas.substituicao,
    );
    expectValid(
      perfil,
      'ConsultarNfseServicoTomadoEnvio',
      consultarNfseServicoTomadoMessage(perfil, {
        consulente: prestador,
        dataInicial: '2026-10-01',
        dataFinal: '2026-10-31',
        pagina: 1,
      }),
    );
  });
});

describe('what each family writes differently', () => {
  const perfil = (ibge: string) => perfilAbrasfDoMunicipio(ibge)!;

  it('Giss: each message in its own namespace, its types in a third; the RPS signed alone verifies inside it', () => {
    const giss = perfil('2704302');
    const dps = dpsOf('2704302');
    const fields = abrasfServiceFields(dps, giss);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    const rps = buildAbrasfRps({ leiaute: giss, dps, campos: fields.campos });
    const gerar = gerarNfseMessage(giss, signAbrasfXml(rps, signer, 'InfDeclaracaoPrestacaoServico', giss));
    expect(gerar).toMatch(/^<GerarNfseEnvio xmlns="http:\/\/www\.giss\.com\.br\/gerar-nfse-envio-v2_04\.xsd"><Rps>/);
    expect(gerar).toContain('<InfDeclaracaoPrestacaoServico xmlns="http://www.giss.com.br/tipos-v2_04.xsd" Id=');
    const consulta = consultarNfseServicoTomadoMessage(giss, {
      consulente: prestador,
      dataInicial: '2026-10-01',
      dataFinal: '2026-10-31',
      pagina: 1,
    });
    // PeriodoEmissao and its dates are the message's own elements; the consulting party's CpfCnpj is a type.
    expect(consulta).toContain('<PeriodoEmissao><DataInicial>2026-10-01</DataInicial>');
    expect(consulta).toContain('<Consulente><CpfCnpj xmlns="http://www.giss.com.br/tipos-v2_04.xsd">');
    expect(esquemaDaMensagem(giss, 'CancelarNfseResposta')).toBe('giss/2.04/acbr/cancelar-nfse-reposta-v2_04.xsd');
    // The namespace is the one the message's schema declares: GISS's substitution answer reuses GerarNfse's.
    expect(namespaceDaMensagem(giss, 'SubstituirNfseResposta')).toBe(
      'http://www.giss.com.br/gerar-nfse-resposta-v2_04.xsd',
    );
    expect(namespaceDaMensagem(perfil('5300108'), 'GerarNfseEnvio')).toBeNull();
    expect(cabecalhoMessage(giss, giss.cabecalho!)).toBe(
      '<cabecalho xmlns="http://www.giss.com.br/cabecalho-v2_04.xsd" versao="2.04"><versaoDados>2.04</versaoDados></cabecalho>',
    );
  });

  it('Tinus: the cancellation carries the national reason its schema requires', () => {
    const tinus = perfil('2607901');
    const pedido = {
      numeroNfse: '9',
      prestador,
      codigoMunicipio: '2607901',
      codigoCancelamento: '1',
      motivo: { codigo: '9', texto: 'Cancelamento pedido pelo tomador' },
    } as const;
    const xml = cancelarNfseMessage(tinus, pedido);
    expect(xml).toContain(
      '<CodigoCancelamento>1</CodigoCancelamento><ADNCodMotivo>9</ADNCodMotivo><ADNMotivo>Cancelamento pedido pelo tomador</ADNMotivo>',
    );
    // Without them Tinus's schema refuses the request; the ABRASF families do not write them.
    const { motivo: _, ...semMotivo } = pedido;
    expect(validateXsd(cancelarNfseMessage(tinus, semMotivo), `provedor:${tinus.esquema}`).length).toBeGreaterThan(0);
    expect(cancelarNfseMessage(perfil('5300108'), pedido)).not.toContain('ADNCodMotivo');
  });

  it('Fisco: SOAP 1.2, the message in CDATA inside <xml> of a lower-case wrapper; Sintese: wrapper named as the message', () => {
    const fisco = perfil('2924009');
    const envelope = abrasfEnvelope(fisco, 'GerarNfse', '<GerarNfseEnvio/>');
    expect(envelope).toContain('xmlns:soap="http://www.w3.org/2003/05/soap-envelope"');
    expect(envelope).toContain(
      '<ws:gerarNfse xmlns:ws="https://www.fisco.net.br/wsnfseabrasf/ServicosNFSEAbrasf.asmx"><ws:xml><![CDATA[<GerarNfseEnvio/>]]></ws:xml></ws:gerarNfse>',
    );
    expect(envelope).not.toContain('nfseCabecMsg');
    const sintese = perfil('3135100');
    const lote = abrasfEnvelope(sintese, 'RecepcionarLoteRpsSincrono', '<EnviarLoteRpsSincronoEnvio/>');
    expect(lote).toContain(`<ws:${RAIZ_MENSAGEM.RecepcionarLoteRpsSincrono} xmlns:ws="http://nfse.abrasf.org.br">`);
    expect(lote).toContain('<nfseDadosMsg>&lt;EnviarLoteRpsSincronoEnvio/&gt;</nfseDadosMsg>');
    // Its SOAPAction: the production hosts' domain and the operation, the RPS query named as its service names it.
    expect(soapActionOf(sintese, 'RecepcionarLoteRpsSincrono')).toBe(
      'http://nfsews.sintesenotafiscal.com.br/RecepcionarLoteRpsSincrono',
    );
    expect(soapActionOf(sintese, 'ConsultarNfsePorRps')).toBe(
      'http://nfsews.sintesenotafiscal.com.br/ConsultarNfseRps',
    );
    expect(soapActionOf(perfil('5300108'), 'ConsultarNfsePorRps')).toBe(
      'http://nfse.abrasf.org.br/ConsultarNfsePorRps',
    );
  });

  it("Tinus: the message straight in the body, no wrapper; the SOAPAction names the service's class and the message", () => {
    const tinus = perfil('2607901');
    const mensagem = '<GerarNfseEnvio xmlns="http://www.abrasf.org.br/nfse.xsd"><Rps/></GerarNfseEnvio>';
    const envelope = abrasfEnvelope(tinus, 'GerarNfse', mensagem);
    expect(envelope).toMatch(
      /<soap:Body><GerarNfseEnvio xmlns="http:\/\/www.abrasf.org.br\/nfse.xsd"><Rps\/><\/GerarNfseEnvio><\/soap:Body>/,
    );
    expect(envelope).not.toContain('nfseDadosMsg');
    expect(operacaoNo(tinus.soapAction, 'RecepcionarLoteRpsSincrono')).toBe(
      'http://nfse.abrasf.org.br/WSNFSE203.Service2.nfseSOAP.EnviarLoteRpsSincronoEnvio',
    );
    expect(operacaoNo(tinus.soapAction, 'CancelarNfse')).toBe(
      'http://nfse.abrasf.org.br/WSNFSE203.Service2.nfseSOAP.CancelarNfseEnvio',
    );
  });
});

describe('EloTech 2.03 (Ponta Grossa): requests from its profile, against its own schema', () => {
  const elotech = perfilAbrasfDoMunicipio('4119905')!;
  const base = dpsOf('4119905');
  const dps: DpsInput = {
    ...base,
    toma: {
      CNPJ: TOMA_CNPJ,
      xNome: 'Cliente Exemplo S.A.',
      end: {
        endNac: { cMun: '4119905', CEP: '84010000' },
        xLgr: 'Rua XV de Novembro',
        nro: '100',
        xBairro: 'Centro',
      },
      email: 'compras@cliente.com.br',
    },
  };
  const padroes = { codigo_nacional: '010101', cnae: '6201501' };
  const credenciais = { senha: 'senha-da-elotech' };
  const requerente = { prestador, homologacao: false };
  const enviado = (operacao: Parameters<typeof comRequerente>[1], xml: string) =>
    comRequerente(elotech, operacao, xml, { ...credenciais, requerente });

  it('the CNAE and the taker’s address are required; nothing else beyond the template’s fields', () => {
    expect(abrasfServiceFields(dps, elotech, padroes).erros).toEqual([]);
    const semCnae = abrasfServiceFields(dps, elotech, { codigo_nacional: '010101' }).erros;
    expect(semCnae.map((e) => e.mensagem).join()).toMatch(/CNAE/);
    const semEndereco = abrasfServiceFields({ ...dps, toma: { CNPJ: TOMA_CNPJ, xNome: 'X' } }, elotech, padroes);
    expect(semEndereco.erros.map((e) => e.campo)).toEqual(['/tomador/endereco']);
  });

  it('a one-RPS lot: items with the CNAE, no identifier nor signature; the requester’s identification goes first when sent', () => {
    const fields = abrasfServiceFields(dps, elotech, padroes);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    // The profile's modeloRps ('itens') picks the builder of an RPS whose Servico lists its items.
    const rps = buildRps({ leiaute: elotech, dps, campos: fields.campos });
    const lote = signAbrasfXml(
      enviarLoteRpsSincronoMessage(elotech, { numeroLote: '7', prestador, rpsAssinados: [rps] }),
      signer,
      'LoteRps',
      elotech,
    );
    // The stored document: no password, nothing signed, no identifier attribute.
    expect(lote).not.toContain('Senha');
    expect(lote).not.toContain('<Signature');
    expect(lote).not.toMatch(/\sId="/);
    expect(lote).toContain(
      '<ListaItensServico><ItemServico><ItemListaServico>01.01</ItemListaServico><CodigoCnae>6201501</CodigoCnae>',
    );
    expect(lote).not.toContain('OptanteSimplesNacional');
    const sent = enviado('RecepcionarLoteRpsSincrono', lote);
    expect(sent).toMatch(
      /^<EnviarLoteRpsSincronoEnvio xmlns="http:\/\/shad\.elotech\.com\.br\/schemas\/iss\/nfse_v2_03\.xsd"><IdentificacaoRequerente><CpfCnpj><Cnpj>\d{14}<\/Cnpj><\/CpfCnpj><InscricaoMunicipal>0712345600<\/InscricaoMunicipal><Senha>senha-da-elotech<\/Senha><Homologa>false<\/Homologa><\/IdentificacaoRequerente><LoteRps versao="2.03">/,
    );
    expectValid(elotech, 'EnviarLoteRpsSincronoEnvio', sent);
    // Without the requester's identification the schema refuses the message.
    expect(validateXsd(lote, `provedor:${elotech.esquema}`).length).toBeGreaterThan(0);
  });

  it('ConsultarNfseRps (requester after IdentificacaoRps), CancelarNfse (with the ChaveAcesso) and ConsultarNfseServicoTomado validate', () => {
    const consulta = enviado(
      'ConsultarNfsePorRps',
      consultarNfseRpsMessage(elotech, { rps: identificacaoRps(dps), prestador }),
    );
    expect(consulta).toMatch(/<\/IdentificacaoRps><IdentificacaoRequerente>/);
    expectValid(elotech, 'ConsultarNfseRpsEnvio', consulta);
    const pedido = {
      numeroNfse: '2026000000123',
      prestador,
      codigoMunicipio: '4119905',
      codigoCancelamento: '2',
      chaveAcesso: '0123456789abcdef0123456789abcdef',
    } as const;
    const cancel = enviado('CancelarNfse', cancelarNfseMessage(elotech, pedido));
    expect(cancel).toContain('<ChaveAcesso>0123456789abcdef0123456789abcdef</ChaveAcesso><CodigoCancelamento>2');
    expectValid(elotech, 'CancelarNfseEnvio', cancel);
    const tomadas = enviado(
      'ConsultarNfseServicoTomado',
      consultarNfseServicoTomadoMessage(elotech, {
        consulente: prestador,
        dataInicial: '2026-10-01',
        dataFinal: '2026-10-31',
        pagina: 1,
      }),
    );
    expectValid(elotech, 'ConsultarNfseServicoTomadoEnvio', tomadas);
  });

  it('SubstituirNfse names the replaced note’s ChaveAcesso, from its stored document; it validates with the requester first', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    const subst = (chaveAcessoMunicipio?: string): DpsInput => ({
      ...dps,
      subst: {
        chSubstda: '4119905-2026000000123-AB12CD34E',
        cMotivo: '99',
        xMotivo: 'Valor do serviço informado incorretamente',
        ...(chaveAcessoMunicipio ? { chaveAcessoMunicipio } : {}),
      },
    });
    expect(abrasfServiceFields(subst(hex), elotech, padroes).erros).toEqual([]);
    // A note whose document has no ChaveAcesso (issued outside the service): refused naming the substitution.
    const semChave = abrasfServiceFields(subst(), elotech, padroes).erros;
    expect(semChave.map((e) => [e.codigo, e.campo])).toEqual([['campo_invalido', '/substituicao']]);
    expect(semChave[0]!.mensagem).toMatch(/ChaveAcesso/);
    const fields = abrasfServiceFields(dps, elotech, padroes);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    const pedido = pedidoCancelamentoMessage(elotech, {
      numeroNfse: '2026000000123',
      prestador,
      codigoMunicipio: '4119905',
      codigoCancelamento: '1',
      chaveAcesso: hex,
    });
    const rpsAssinado = buildRps({ leiaute: elotech, dps, campos: fields.campos });
    const stored = substituirNfseMessage(elotech, { numeroNfse: '2026000000123', pedidoAssinado: pedido, rpsAssinado });
    expect(stored).not.toContain('Senha');
    const sent = enviado('SubstituirNfse', stored);
    expect(sent).toMatch(
      /^<SubstituirNfseEnvio xmlns="[^"]+"><IdentificacaoRequerente>.*<\/IdentificacaoRequerente><SubstituicaoNfse><Pedido/,
    );
    expect(sent).toContain(`<ChaveAcesso>${hex}</ChaveAcesso><CodigoCancelamento>1`);
    expectValid(elotech, 'SubstituirNfseEnvio', sent);
  });

  it('the message goes straight in the SOAP body, its password in it; every other family is left as it was', () => {
    const envelope = abrasfEnvelope(
      elotech,
      'CancelarNfse',
      '<CancelarNfseEnvio xmlns="x"><Pedido/></CancelarNfseEnvio>',
      { ...credenciais, requerente },
    );
    expect(envelope).toContain('<soap:Body><CancelarNfseEnvio xmlns="x"><IdentificacaoRequerente>');
    expect(envelope).toContain('<Pedido/></CancelarNfseEnvio></soap:Body>');
    expect(envelope).not.toContain('xmlns:ws');
    expect(
      comRequerente(perfilAbrasfDoMunicipio('5300108')!, 'CancelarNfse', '<CancelarNfseEnvio/>', credenciais),
    ).toBe('<CancelarNfseEnvio/>');
    expect(() => comRequerente(elotech, 'CancelarNfse', '<CancelarNfseEnvio/>', credenciais)).toThrow();
  });
});
