import { describe, expect, it } from 'vitest';
import { LayoutNacionalGateway } from '../../autoridades/layout-nacional/layout-nacional-gateway.js';
import { perfilLayoutNacional } from './perfis-layout-nacional.js';
import { readSoapDpsAnswer, soapDpsConsulta, soapDpsEnvelope, soapInline } from './soap-dps-message.js';

const BETHA = perfilLayoutNacional('Betha')!.soap!;
const NFSE = '<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS1"/></NFSe>';

describe('the SOAP messages of a provider that takes the national DPS', () => {
  it('puts the signed document inline in the profile wrapper, without its XML declaration', () => {
    const dps = '<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="http://www.sped.fazenda.gov.br/nfse"/>';
    const envelope = soapDpsEnvelope(BETHA, BETHA.emitir, soapInline(dps));
    expect(envelope).toContain(
      '<dps:RecepcionarDpsEnvio xmlns:dps="http://www.betha.com.br/e-nota-dps"><DPS xmlns="http://www.sped.fazenda.gov.br/nfse"/></dps:RecepcionarDpsEnvio>',
    );
    expect(envelope.match(/<\?xml/g)).toHaveLength(1);
    expect(soapDpsConsulta(BETHA, 'DPS1', 'p&1')).toBe(
      '<dps:protocolo>p&amp;1</dps:protocolo><dps:idDps>DPS1</dps:idDps>',
    );
  });

  it('reads the national documents, the protocol and the errors wherever the answer puts them', () => {
    const answer = readSoapDpsAnswer(
      `<s:Envelope><s:Body><x:R><x:protocolo>42</x:protocolo>${NFSE}<erros><erro><codigo>E0310</codigo><descricao>a &amp; b</descricao></erro></erros></x:R></s:Body></s:Envelope>`,
    );
    expect(answer.nfse).toBe(`<?xml version="1.0" encoding="UTF-8"?>${NFSE}`);
    expect(answer.protocolo).toBe('42');
    expect(answer.erros).toEqual([{ codigo: 'E0310', descricao: 'a & b' }]);
    expect(answer.evento).toBeNull();
  });

  it('an answer with none of them reads as empty (the caller then asks before any resend)', () => {
    expect(readSoapDpsAnswer('<s:Envelope><s:Body><ok/></s:Body></s:Envelope>')).toEqual({
      nfse: null,
      evento: null,
      protocolo: null,
      erros: [],
    });
  });

  it('production notes go to the table URL only with `tabela`, and a named URL wins', () => {
    const simulator = { url: 'http://127.0.0.1:1' };
    const row = 'https://nota-eletronica.betha.cloud:443/dps/ws';
    expect(
      new LayoutNacionalGateway({ urls: {}, urlsDaTabela: false, simulator }).remoteUrl('4209300', row),
    ).toBeNull();
    expect(new LayoutNacionalGateway({ urls: {}, urlsDaTabela: true, simulator }).remoteUrl('4209300', row)).toBe(row);
    const named = new LayoutNacionalGateway({
      urls: { '4209300': 'https://x.example' },
      urlsDaTabela: true,
      simulator,
    });
    expect(named.remoteUrl('4209300', row)).toBe('https://x.example');
  });
});
