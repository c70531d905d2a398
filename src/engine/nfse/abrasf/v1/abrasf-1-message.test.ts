import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { baseDps, PREST_CNPJ, testIdentity, tempDir, writeTemp } from '../../../../../test/support/nfse-fixtures.js';
import { abrasf1SchemaForLint } from '../../../../../test/support/abrasf-1-schema.js';
import { xmlsecVerify } from '../../../../../test/support/external-tools.js';
import { loadLibxml2 } from '../../../xml/libxml2.js';
import { signCanonicalXml } from '../../../xml/sign-canonical-xml.js';
import { pemBody } from '../../../xml/sign-xml.js';
import { verifyEverySignature } from '../../../xml/verify-xml-signature.js';
import type { DpsInput } from '../../nacional/dps-input.js';
import { identificacaoRps } from '../build-abrasf-rps.js';
import {
  headerMessage,
  cancellationMessage,
  lotQueryMessage,
  rpsQueryMessage,
  lotMessage,
} from './abrasf-1-message.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';
import { PERFIS_ABRASF_1 } from './perfis-abrasf-1.js';
import { signAbrasf1Xml } from './sign-abrasf-1-xml.js';
import { validateAbrasf1 } from './validate-abrasf-1.js';

const { signer, cert } = testIdentity();
const prestador = { cnpj: PREST_CNPJ, inscricaoMunicipal: '12345678' };

/** Debian's xmllint against the family's file, independent of the libxml2 build the simulator uses. */
function xmllint(xml: string, perfil: PerfilAbrasf1, arquivo: string) {
  const file = writeTemp(tempDir('xmllint-'), 'doc.xml', xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', abrasf1SchemaForLint(perfil, arquivo), file], {
    encoding: 'utf8',
  });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** The RPS fields beyond the DPS, with the Reforma Tributária codes where the family's tcDadosServico has them. */
const camposDe = (perfil: PerfilAbrasf1) => ({
  itemListaServico: '01.01',
  inscricaoMunicipal: '12345678',
  ...(perfil.servicoRtc ? { rtc: { nbs: '115021000', cClassTrib: '000001', indOp: '030101' } } : {}),
});

function dpsOf(ibge: string, over: Partial<DpsInput> = {}): DpsInput {
  const base = baseDps(over);
  return { ...base, cLocEmi: ibge, serv: { ...base.serv, locPrest: { cLocPrestacao: ibge } } };
}

describe.each([...PERFIS_ABRASF_1.values()])('ABRASF 1.00 messages of $nome', (perfil) => {
  const m = perfil.mensagens;
  const expectValid = async (xml: string, arquivo: string) => {
    const lint = xmllint(xml, perfil, arquivo);
    expect(lint.ok, lint.output).toBe(true);
    await loadLibxml2();
    expect(validateAbrasf1(xml, perfil, arquivo)).toEqual([]);
  };

  it('the signed lot of one RPS validates against the family schema and its signatures verify', async () => {
    const dps = dpsOf('3518800');
    const rps = identificacaoRps(dps);
    let xml = lotMessage(perfil, {
      dps,
      rps,
      cnpj: PREST_CNPJ,
      campos: camposDe(perfil),
    });
    xml = signAbrasf1Xml(xml, signer, { elemento: 'InfRps', tipo: 'rps' }, perfil);
    xml = signAbrasf1Xml(xml, signer, { elemento: 'LoteRps', tipo: 'lote' }, perfil);
    await expectValid(xml, m.RecepcionarLoteRps.arquivo);
    expect(xml).toMatch(/<(t:)?Aliquota>0\.0200<\/(t:)?Aliquota>/);
    const signed = [perfil.assinaturas.rps ? 'InfRps' : [], perfil.assinaturas.lote ? 'LoteRps' : []].flat();
    expect(signed.length).toBeGreaterThan(0);
    const verified = xmlsecVerify(xml, cert.certificatePem, signed, perfil.idAtributo);
    expect(verified.ok, verified.output).toBe(true);
    // The identifier attribute as the family's schema names it (ISSSalvador's lower-case id).
    expect(xml).toMatch(new RegExp(`<(m:)?LoteRps ${perfil.idAtributo}="Lote`));
    expect(xml.includes('NBS>115021000<')).toBe(perfil.servicoRtc);
  });

  it('both discounts go in the order the family schema lists them', async () => {
    const base = dpsOf('3518800');
    const dps = { ...base, valores: { ...base.valores, vDescCondIncond: { vDescIncond: '5.00', vDescCond: '2.50' } } };
    const xml = lotMessage(perfil, {
      dps,
      rps: identificacaoRps(dps),
      cnpj: PREST_CNPJ,
      campos: camposDe(perfil),
    });
    await expectValid(xml, m.RecepcionarLoteRps.arquivo);
    expect(xml.indexOf('DescontoCondicionado>') < xml.indexOf('DescontoIncondicionado>')).toBe(
      perfil.descontoCondicionadoAntes,
    );
  });

  // ISSSalvador requires the taker's name: such a note is refused before its lot is built (abrasf1Fields).
  if (!perfil.tomadorObrigatorio)
    it('a taker without identification still carries the required Tomador', async () => {
      const dps = dpsOf('3518800', { toma: undefined });
      const xml = lotMessage(perfil, {
        dps,
        rps: identificacaoRps(dps),
        cnpj: PREST_CNPJ,
        campos: camposDe(perfil),
      });
      await expectValid(xml, m.RecepcionarLoteRps.arquivo);
    });

  it('the lot queries, the query by RPS and the cancellation validate, signed', async () => {
    for (const operacao of ['ConsultarSituacaoLoteRps', 'ConsultarLoteRps'] as const) {
      const xml = signAbrasf1Xml(
        lotQueryMessage(perfil, operacao, { prestador, protocolo: '123456789' }),
        signer,
        { elemento: 'raiz', tipo: 'consultas' },
        perfil,
      );
      await expectValid(xml, m[operacao].arquivo);
      expect(xml.includes('<Signature ')).toBe(perfil.assinaturas.consultas);
      if (!perfil.assinaturas.consultas) continue;
      const verified = xmlsecVerify(xml, cert.certificatePem, perfil.idNasConsultas ? m[operacao].raiz : []);
      expect(verified.ok, verified.output).toBe(true);
    }
    const porRps = signAbrasf1Xml(
      rpsQueryMessage(perfil, { rps: { numero: '7', serie: '1', tipo: '1' }, prestador }),
      signer,
      { elemento: 'raiz', tipo: 'consultaRps' },
      perfil,
    );
    await expectValid(porRps, m.ConsultarNfsePorRps.arquivo);
    // Signed only where the family's schema has a Signature there (SpeedGov's has none).
    expect(porRps.includes('<Signature ')).toBe(perfil.assinaturas.consultaRps);
    if (perfil.assinaturas.consultaRps) expect(xmlsecVerify(porRps, cert.certificatePem, []).ok).toBe(true);
    const pedido = { numeroNfse: '2026001', prestador, codigoMunicipio: '3518800', codigoCancelamento: '1' };
    // ISSSalvador's package has no CancelarNfseEnvio: no such message is ever written.
    if (!m.CancelarNfse) {
      expect(() => cancellationMessage(perfil, pedido)).toThrow(/CancelarNfse/);
      return;
    }
    const cancel = signAbrasf1Xml(
      cancellationMessage(perfil, pedido),
      signer,
      { elemento: 'InfPedidoCancelamento', tipo: 'cancelamento' },
      perfil,
    );
    await expectValid(cancel, m.CancelarNfse.arquivo);
    expect(xmlsecVerify(cancel, cert.certificatePem, 'InfPedidoCancelamento').ok).toBe(true);
  });

  it('every signature the subset canonicaliser writes is byte for byte the one xml-crypto writes', () => {
    const dps = dpsOf('3518800');
    const todas = {
      ...perfil,
      assinaturas: { rps: true, lote: true, consultas: true, consultaRps: true, cancelamento: true },
    };
    const signBoth = (xml: string, assinatura: Parameters<typeof signAbrasf1Xml>[2]) => {
      const raiz = assinatura.elemento === 'raiz';
      // The subset path itself, not a fallback: it must qualify every 1.00 message.
      const fast = signCanonicalXml({
        xml,
        element: raiz ? /^<(?:\w+:)?(\w+)/.exec(xml)![1]! : assinatura.elemento,
        privateKey: signer.privateKey,
        certificateBase64: pemBody(signer.certificatePem),
        algorithm: todas.algoritmo,
        idAttribute: todas.idAtributo,
        placement: raiz ? 'append' : 'after',
        prefixes: true,
      });
      expect(fast).not.toBeNull();
      expect(fast).toBe(signAbrasf1Xml(xml, signer, assinatura, todas, 'xml-crypto'));
      expect(signAbrasf1Xml(xml, signer, assinatura, todas)).toBe(fast);
      expect(fast).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
      return fast!;
    };
    const lot = lotMessage(perfil, {
      dps,
      rps: identificacaoRps(dps),
      cnpj: PREST_CNPJ,
      campos: camposDe(perfil),
    });
    const lote = signBoth(signBoth(lot, { elemento: 'InfRps', tipo: 'rps' }), { elemento: 'LoteRps', tipo: 'lote' });
    const opcoes = { prefixes: true, idAttribute: perfil.idAtributo };
    expect(verifyEverySignature(lote, opcoes)).toEqual({ valid: true, count: 2 });
    for (const operacao of ['ConsultarSituacaoLoteRps', 'ConsultarLoteRps'] as const)
      signBoth(lotQueryMessage(perfil, operacao, { prestador, protocolo: '123456789' }), {
        elemento: 'raiz',
        tipo: 'consultas',
      });
    const porRps = signBoth(rpsQueryMessage(perfil, { rps: { numero: '7', serie: '1', tipo: '1' }, prestador }), {
      elemento: 'raiz',
      tipo: 'consultaRps',
    });
    expect(verifyEverySignature(porRps, opcoes)).toEqual({ valid: true, count: 1 });
    if (!perfil.mensagens.CancelarNfse) return;
    const cancel = cancellationMessage(perfil, {
      numeroNfse: '2026001',
      prestador,
      codigoMunicipio: '3518800',
      codigoCancelamento: '1',
    });
    const signed = signBoth(cancel, { elemento: 'InfPedidoCancelamento', tipo: 'cancelamento' });
    // The subset verifier checks what the subset signer wrote, and catches a change to the signed element.
    expect(verifyEverySignature(signed, opcoes)).toEqual({ valid: true, count: 1 });
    expect(verifyEverySignature(signed.replace('>2026001<', '>2026002<'), opcoes)).toMatchObject({
      valid: false,
    });
  });

  const cabecalho = m.cabecalho;
  if (cabecalho)
    it('the cabecalho validates against the family header schema', async () => {
      await expectValid(headerMessage(perfil), cabecalho.arquivo);
    });
  else
    it('a family without cabecalho writes none', () => {
      expect(() => headerMessage(perfil)).toThrow(/cabecalho/);
    });
});
