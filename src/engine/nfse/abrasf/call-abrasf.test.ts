import { describe, expect, it } from 'vitest';
import { escapeText } from '../../xml/el.js';
import { abrasfAutorizacao, abrasfEnvelope, abrasfUrl, soapString } from './call-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';

const DADOS = '<GerarNfseEnvio xmlns="http://www.abrasf.org.br/nfse.xsd"><Rps/></GerarNfseEnvio>';
/** The element names of a SOAP body, in document order, without prefixes. */
const nomes = (xml: string) => [...xml.matchAll(/<(?:[\w.-]+:)?([\w.-]+)[\s>]/g)].map((m) => m[1]);

describe('abrasfEnvelope', () => {
  it('WebISS 2.02 (Feira de Santana): <Op>Request with the 2.02 header and the message in CDATA', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2910800')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain(`<nfseDadosMsg><![CDATA[${DADOS}]]></nfseDadosMsg>`);
    expect(soapString(xml, 'nfseCabecMsg')).toContain('versao="2.02"><versaoDados>2.02</versaoDados>');
  });

  it('EL 2.04 (Petrolina): the operation wrapper nested in another, closed in reverse order', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2611101')!, 'CancelarNfse', DADOS);
    expect(nomes(xml).slice(0, 5)).toEqual(['Envelope', 'Body', 'CancelarNfse', 'CancelarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<ws:CancelarNfse xmlns:ws="http://nfse.abrasf.org.br"><ws:CancelarNfseRequest>');
    expect(xml).toContain('</nfseDadosMsg></ws:CancelarNfseRequest></ws:CancelarNfse></soap:Body>');
    expect(soapString(xml, 'nfseDadosMsg')).toBe(DADOS);
  });

  it('ISSNet 2.04 (Brasília) keeps a single wrapper and escaped strings', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('5300108')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<nfseDadosMsg>&lt;GerarNfseEnvio');
  });

  it('Fiorilli 2.00 (Senador Canedo): the message inline in <gerarNfse>, then the login and password, escaped', () => {
    const perfil = perfilAbrasfDoMunicipio('5220454')!;
    const xml = abrasfEnvelope(perfil, 'ConsultarNfsePorRps', DADOS, { usuario: 'login', senha: 'a<b&c' });
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'consultarNfsePorRps', 'GerarNfseEnvio']);
    expect(xml).toContain('<ws:consultarNfsePorRps xmlns:ws="http://ws.issweb.fiorilli.com.br/">');
    expect(xml).toContain(
      `${DADOS}<username>login</username><password>a&lt;b&amp;c</password></ws:consultarNfsePorRps>`,
    );
    expect(abrasfUrl('http://city/IssWebWS', perfil, { usuario: 'login', senha: 'x' })).toBe('http://city/IssWebWS');
  });

  it('Tributus 2.04 (São Lourenço da Mata): the token as the URL parameter tokenAuth, never in the body', () => {
    const perfil = perfilAbrasfDoMunicipio('2613701')!;
    const xml = abrasfEnvelope(perfil, 'GerarNfse', DADOS, { token: 'tok&1' });
    expect(xml).not.toContain('tok');
    expect(nomes(xml).slice(0, 3)).toEqual(['Envelope', 'Body', 'GerarNfseRequest']);
    expect(xml).toContain('xmlns:ws="https://tributosmunicipais.com.br/nfse/api/"');
    expect(abrasfUrl('https://www.tributosmunicipais.com.br/nfse/api/', perfil, { token: 'tok&1' })).toBe(
      'https://www.tributosmunicipais.com.br/nfse/api/?tokenAuth=tok%261',
    );
  });

  it('IPM 2.04 (Novo Hamburgo): the wrapper in net.atende takes the root’s place; login and password as HTTP Basic', () => {
    const perfil = perfilAbrasfDoMunicipio('4313409')!;
    const dados =
      '<?xml version="1.0"?><GerarNfseEnvio xmlns="http://www.abrasf.org.br/nfse.xsd"><Rps><InfDeclaracaoPrestacaoServico>' +
      '<Competencia>2026-11-02</Competencia></InfDeclaracaoPrestacaoServico></Rps><Rps/></GerarNfseEnvio>';
    const xml = abrasfEnvelope(perfil, 'GerarNfse', dados, { usuario: 'login', senha: 'a:b' });
    expect(nomes(xml).slice(0, 5)).toEqual([
      'Envelope',
      'Body',
      'GerarNfseEnvio',
      'Rps',
      'InfDeclaracaoPrestacaoServico',
    ]);
    // Every child of the root keeps the root's namespace; the elements under them inherit it.
    expect(xml).toContain(
      '<ws:GerarNfseEnvio xmlns:ws="net.atende"><Rps xmlns="http://www.abrasf.org.br/nfse.xsd"><InfDeclaracaoPrestacaoServico>' +
        '<Competencia>2026-11-02</Competencia></InfDeclaracaoPrestacaoServico></Rps>' +
        '<Rps xmlns="http://www.abrasf.org.br/nfse.xsd"/></ws:GerarNfseEnvio></soap:Body>',
    );
    expect(xml).not.toContain('login');
    expect(xml).not.toContain('nfseDadosMsg');
    expect(abrasfAutorizacao(perfil, { usuario: 'login', senha: 'a:b' })).toBe(
      `Basic ${Buffer.from('login:a:b').toString('base64')}`,
    );
    expect(abrasfAutorizacao(perfilAbrasfDoMunicipio('5220454')!, { usuario: 'login', senha: 'x' })).toBeNull();
  });
});

describe('soapString', () => {
  const wrap = (text: string) => `<soap:Body><ns1:Op><return>${text}</return></ns1:Op></soap:Body>`;

  it('decodes each entity once, whatever follows it', () => {
    expect(soapString(wrap('&lt;a b=&quot;x&apos;y&quot;&gt;R$ 1 &amp;amp; 2 &amp;lt;&lt;/a&gt;'), 'return')).toBe(
      `<a b="x'y">R$ 1 &amp; 2 &lt;</a>`,
    );
  });

  it('decodes character references in the same single pass (a decoded "&" starts nothing)', () => {
    expect(soapString(wrap('&#60;a&#x3E;&#38;amp; &amp;#38; &#231;&lt;/a&gt;'), 'return')).toBe('<a>&amp; &#38; ç</a>');
  });

  it('escapes text with its line ends normalised, as a parser reads them before C14N', () => {
    expect(escapeText('a\r\nb\rc & <d>')).toBe('a\nb\nc &amp; &lt;d&gt;');
    expect(escapeText('sem nada a escapar')).toBe('sem nada a escapar');
  });

  it('gives back, unchanged, any text the envelope escaped', () => {
    const doc = '<Lote Id="L1"><Discriminacao>Serviço A & B <urgente> "x" \'y\' &amp; &#38;</Discriminacao></Lote>';
    expect(soapString(wrap(escapeText(doc)), 'return')).toBe(doc);
  });
});
