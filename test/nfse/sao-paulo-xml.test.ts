import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRpsInput, type RpsInput } from '../../src/engine/nfse/sao-paulo/build-rps-input.js';
import { SAO_PAULO_DEFAULTS } from '../../src/engine/autoridades/sao-paulo/sao-paulo-gateway.js';
import { buildRpsXml } from '../../src/engine/nfse/sao-paulo/build-rps-xml.js';
import {
  pedidoCancelamento,
  pedidoConsultaNfe,
  pedidoConsultaPeriodo,
  pedidoEnvioLote,
  pedidoEnvioRps,
} from '../../src/engine/nfse/sao-paulo/pedido-xml.js';
import { rpsSignatureString } from '../../src/engine/nfse/sao-paulo/signature-string.js';
import { signEnvelopedDocument, verifyEnvelopedDocument } from '../../src/engine/xml/enveloped-document.js';
import { loadLibxml2 } from '../../src/engine/xml/libxml2.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../support/nfse-fixtures.js';

const company = { cnpj: PREST_CNPJ, inscricaoMunicipal: '31000000', regimeTributario: 'lucro_presumido' };

let numero = 0;
function rpsOf(layout: 1 | 2, over: Parameters<typeof baseDps>[0] = {}): RpsInput {
  numero += 1;
  return buildRpsInput({
    dps: baseDps({ nDPS: String(numero), ...over }),
    company,
    codigoServico: '2658',
    settings: SAO_PAULO_DEFAULTS,
    layout,
  });
}

function assinaturaConfere(rpsXml: string, rps: RpsInput): boolean {
  const assinatura = /<Assinatura>([^<]+)<\/Assinatura>/.exec(rpsXml)![1]!;
  const texto = rpsSignatureString({ ...rps, status: 'N', tomador: rps.tomador }, rps.layout);
  return createVerify('RSA-SHA1').update(texto, 'ascii').verify(testIdentity().a1.certificatePem, assinatura, 'base64');
}

describe('São Paulo requests: official XSDs (xmllint and in-process), XML-DSig (xmlsec1) and RPS assinatura', () => {
  beforeAll(() => loadLibxml2());
  const { signer, a1 } = testIdentity();

  for (const layout of [1, 2] as const) {
    it(`layout ${layout}: PedidoEnvioRPS and a PedidoEnvioLoteRPS of 50`, () => {
      const rps = rpsOf(layout, {
        toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente & Filhos <SA>', email: 'compras@cliente.com.br' },
      });
      const rpsXml = buildRpsXml(rps, signer);
      expect(assinaturaConfere(rpsXml, rps)).toBe(true);
      const single = signEnvelopedDocument(pedidoEnvioRps(layout, PREST_CNPJ, rpsXml), signer);
      expect(single).toContain(`<Cabecalho xmlns="" Versao="${layout}">`);
      expect(single).not.toMatch(/PedidoEnvioRPS[^>]*Id=/);
      expect(validateXsd(single, `sp:PedidoEnvioRPS:${layout}`)).toEqual([]);
      const lint = xmllint(single, `sao-paulo/v0${layout}/PedidoEnvioRPS_v0${layout}.xsd`);
      expect(lint.ok, lint.output).toBe(true);
      const sig = xmlsecVerify(single, a1.certificatePem, []);
      expect(sig.ok, sig.output).toBe(true);
      expect(verifyEnvelopedDocument(single).valid).toBe(true);

      const many = Array.from({ length: 50 }, () => buildRpsXml(rpsOf(layout), signer));
      const lote = signEnvelopedDocument(
        pedidoEnvioLote(layout, PREST_CNPJ, {
          dtInicio: '2026-01-15',
          dtFim: '2026-01-15',
          valorServicos: '75000.00',
          rpsXml: many,
        }),
        signer,
      );
      const lintLote = xmllint(lote, `sao-paulo/v0${layout}/PedidoEnvioLoteRPS_v0${layout}.xsd`);
      expect(lintLote.ok, lintLote.output).toBe(true);
      expect(xmlsecVerify(lote, a1.certificatePem, []).ok).toBe(true);
    });

    it(`layout ${layout}: ConsultaNFe, CancelamentoNFe and ConsultaNFePeriodo`, () => {
      const ccm = layout === 1 ? '31000000' : '3100000012';
      const docs: Array<[string, string]> = [
        [
          'PedidoConsultaNFe',
          pedidoConsultaNfe(layout, PREST_CNPJ, [
            { rps: { inscricaoPrestador: ccm, serie: '1', numero: '7' } },
            { nfe: { inscricaoPrestador: ccm, numero: '9' } },
          ]),
        ],
        [
          'PedidoCancelamentoNFe',
          pedidoCancelamento(layout, PREST_CNPJ, { inscricaoPrestador: ccm, numero: '9' }, 'c2lnbmF0dXJl'),
        ],
        [
          'PedidoConsultaNFePeriodo',
          pedidoConsultaPeriodo(layout, PREST_CNPJ, { dtInicio: '2026-10-01', dtFim: '2026-10-31', pagina: 2 }),
        ],
      ];
      for (const [root, body] of docs) {
        const signed = signEnvelopedDocument(body, signer);
        const lint = xmllint(signed, `sao-paulo/v0${layout}/${root}_v0${layout}.xsd`);
        expect(lint.ok, `${root}: ${lint.output}`).toBe(true);
        expect(xmlsecVerify(signed, a1.certificatePem, []).ok).toBe(true);
      }
    });
  }

  it('a changed byte breaks the document signature', () => {
    const signed = signEnvelopedDocument(pedidoEnvioRps(2, PREST_CNPJ, buildRpsXml(rpsOf(2), signer)), signer);
    const tampered = signed.replace('<ValorDeducoes>0</ValorDeducoes>', '<ValorDeducoes>1</ValorDeducoes>');
    expect(verifyEnvelopedDocument(tampered)).toMatchObject({ valid: false });
    expect(xmlsecVerify(tampered, a1.certificatePem, []).ok).toBe(false);
  });
});
