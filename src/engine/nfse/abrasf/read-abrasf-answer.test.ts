import { describe, expect, it } from 'vitest';
import { outputXmlOf } from './call-abrasf.js';
import { readAbrasfAnswer } from './read-abrasf-answer.js';

// Answers as cities' servers write them: a namespace prefix of their own, alerts beside the note, CDATA or escaped text.
const COMP = (p: string) =>
  `<${p}CompNfse><${p}Nfse versao="2.04"><${p}InfNfse Id="n1"><${p}Numero>202600000000042</${p}Numero><${p}CodigoVerificacao>AB12CD34E</${p}CodigoVerificacao>` +
  `<${p}DataEmissao>2026-11-02T09:00:00-03:00</${p}DataEmissao><${p}OrgaoGerador><${p}CodigoMunicipio>5300108</${p}CodigoMunicipio><${p}Uf>DF</${p}Uf></${p}OrgaoGerador>` +
  `<${p}DeclaracaoPrestacaoServico><${p}InfDeclaracaoPrestacaoServico><${p}Rps><${p}IdentificacaoRps><${p}Numero>17</${p}Numero><${p}Serie>1</${p}Serie><${p}Tipo>1</${p}Tipo></${p}IdentificacaoRps></${p}Rps>` +
  `<${p}Prestador><${p}CpfCnpj><${p}Cnpj>11222333000181</${p}Cnpj></${p}CpfCnpj></${p}Prestador></${p}InfDeclaracaoPrestacaoServico></${p}DeclaracaoPrestacaoServico></${p}InfNfse></${p}Nfse></${p}CompNfse>`;

describe('readAbrasfAnswer', () => {
  it('reads a note whatever prefix the city writes, with its RPS, and keeps alerts apart from errors', () => {
    const xml = `<ns2:GerarNfseResposta xmlns:ns2="http://www.abrasf.org.br/nfse.xsd"><ns2:ListaNfse>${COMP('ns2:')}<ns2:ListaMensagemAlertaRetorno><ns2:MensagemRetorno><ns2:Codigo>A1</ns2:Codigo><ns2:Mensagem>Alíquota &amp; base revistas</ns2:Mensagem></ns2:MensagemRetorno></ns2:ListaMensagemAlertaRetorno></ns2:ListaNfse></ns2:GerarNfseResposta>`;
    const read = readAbrasfAnswer(xml);
    expect(read.notas).toHaveLength(1);
    expect(read.notas[0]).toMatchObject({
      numero: '202600000000042',
      codigoVerificacao: 'AB12CD34E',
      codigoMunicipio: '5300108',
      rps: { numero: '17', serie: '1', tipo: '1' },
      prestador: '11222333000181',
      cancelada: false,
    });
    expect(read.erros).toEqual([]);
    expect(read.alertas).toEqual([{ codigo: 'A1', descricao: 'Alíquota & base revistas' }]);
  });

  it('reads per-RPS lot errors with their correction, and a cancellation', () => {
    const erros = readAbrasfAnswer(
      '<EnviarLoteRpsSincronoResposta><ListaMensagemRetornoLote><MensagemRetorno><IdentificacaoRps><Numero>5</Numero><Serie>1</Serie><Tipo>1</Tipo></IdentificacaoRps><Codigo>E10</Codigo><Mensagem>RPS já informado.</Mensagem></MensagemRetorno></ListaMensagemRetornoLote></EnviarLoteRpsSincronoResposta>',
    );
    expect(erros.erros).toEqual([{ codigo: 'E10', descricao: 'RPS já informado.' }]);
    expect(erros.notas).toEqual([]);
    const cancel = readAbrasfAnswer(
      '<CancelarNfseResposta><RetCancelamento><NfseCancelamento versao="2.04"><Confirmacao><DataHora>2026-11-02T10:00:00-03:00</DataHora></Confirmacao></NfseCancelamento></RetCancelamento></CancelarNfseResposta>',
    );
    expect(cancel.cancelamento?.dataHora).toBe('2026-11-02T10:00:00-03:00');
  });

  it('takes outputXML escaped or in CDATA', () => {
    const inner =
      '<ConsultarNfseRpsResposta><ListaMensagemRetorno><MensagemRetorno><Codigo>E92</Codigo><Mensagem>RPS não encontrado</Mensagem></MensagemRetorno></ListaMensagemRetorno></ConsultarNfseRpsResposta>';
    const escaped = inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(outputXmlOf(`<s:Envelope><s:Body><r><outputXML>${escaped}</outputXML></r></s:Body></s:Envelope>`)).toBe(
      inner,
    );
    expect(
      outputXmlOf(`<s:Envelope><s:Body><r><ns:outputXML><![CDATA[${inner}]]></ns:outputXML></r></s:Body></s:Envelope>`),
    ).toBe(inner);
    expect(outputXmlOf('<s:Envelope><s:Body><s:Fault/></s:Body></s:Envelope>')).toBeNull();
  });
});
