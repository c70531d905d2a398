import { type EmissionResult } from '../../src/engine/autoridades/emission-result.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/engine/nfse/nacional/access-key.js';
import { buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { emitDps, getNfse, queryDps } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { createXmlSigner } from '../../src/engine/xml/sign-xml.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmllint } from '../support/external-tools.js';
import { baseDps, PREST_CNPJ } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

function codes(r: EmissionResult): string[] {
  return r.kind === 'rejected' ? r.erros.map((e) => e.codigo) : [`not rejected: ${r.kind}`];
}

describe('simulator: emission (POST /nfse) and queries', () => {
  let kit: SimKit;
  beforeAll(async () => {
    kit = await startSimulator();
  });
  afterAll(() => kit.close());

  it('authorizes a signed DPS: NFS-e valid against NFSe_v1.01.xsd, signed, key valid, nNFSe sequential', async () => {
    const first = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml });
    const second = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml });
    if (first.kind !== 'authorized' || second.kind !== 'authorized') throw new Error(`${first.kind}/${second.kind}`);
    expect(first.chave).toMatch(/^3550308221122233300018100000000000\d{16}$/);
    expect(Number(second.numero)).toBe(Number(first.numero) + 1);
    expect(validateXsd(first.nfseXml, 'NFSe')).toEqual([]);
    expect(xmllint(first.nfseXml, 'NFSe_v1.01.xsd').ok).toBe(true);
    expect(first.nfseXml).toContain(`<infNFSe Id="NFS${first.chave}">`);
    expect(first.nfseXml).toContain(
      '<vBC>1500.00</vBC><pAliqAplic>2.00</pAliqAplic><vISSQN>30.00</vISSQN><vLiq>1500.00</vLiq>',
    );
    expect(verifyXmlSignature(first.nfseXml, 'infNFSe').valid).toBe(true);
    expect(verifyXmlSignature(first.nfseXml, 'infDPS').valid).toBe(true); // the embedded DPS keeps its signature
  });

  it('retained ISS lowers vLiq', async () => {
    const r = await emitDps(kit.client, {
      dpsXml: signedDps(
        baseDps({
          valores: {
            vServPrest: { vServ: '1000.00' },
            trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '2', pAliq: '5.00' }, totTrib: { indTotTrib: '0' } },
          },
        }),
      ).xml,
    });
    expect(r.kind === 'authorized' && r.nfseXml).toContain(
      '<vISSQN>50.00</vISSQN><vTotalRet>50.00</vTotalRet><vLiq>950.00</vLiq>',
    );
  });

  it('duplicate DPS Id → E0014, one note only; GET/HEAD /dps find it; GET /nfse returns it', async () => {
    const dps = signedDps(baseDps());
    const ok = await emitDps(kit.client, { dpsXml: dps.xml });
    expect(ok.kind).toBe('authorized');
    const dup = await emitDps(kit.client, { dpsXml: dps.xml });
    expect(codes(dup)).toEqual(['E0014']);
    expect(dup.kind === 'rejected' && dup.idDps).toBe(dps.id);
    expect(kit.sim.countNotesByDps(dps.id)).toBe(1);
    const chave = ok.kind === 'authorized' ? ok.chave : '';
    expect(await queryDps(kit.client, { idDps: dps.id })).toEqual({ kind: 'found', chave });
    expect(await queryDps(kit.client, { idDps: dps.id, method: 'HEAD' })).toEqual({ kind: 'found', chave: undefined });
    expect(await queryDps(kit.client, { idDps: signedDps(baseDps()).id })).toEqual({ kind: 'not_found' });
    const got = await getNfse(kit.client, { chave });
    expect(got.kind === 'found' && got.nfseXml).toBe(ok.kind === 'authorized' ? ok.nfseXml : '');
    expect(await getNfse(kit.client, { chave: chave.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) })).toEqual({
      kind: 'not_found',
    });
  });

  it('reception errors: schema E1235, missing signature E0717, tampered E0714, other certificate E0718', async () => {
    const unsigned = buildDpsXml(baseDps());
    const bad = unsigned.replace('<tpAmb>2</tpAmb>', '<tpAmb>3</tpAmb>');
    const e1235 = await emitDps(kit.client, { dpsXml: bad });
    expect(codes(e1235)).toEqual(['E1235']);
    expect(e1235.kind === 'rejected' && e1235.erros[0].complemento).toContain('tpAmb');
    expect(codes(await emitDps(kit.client, { dpsXml: unsigned }))).toEqual(['E0717']);
    const tampered = signedDps(baseDps()).xml.replace('<vServ>1500.00</vServ>', '<vServ>15.00</vServ>');
    expect(codes(await emitDps(kit.client, { dpsXml: tampered }))).toEqual(['E0714']);
    const other = generateTestCertificate({ cnpj: '19131243000197', razaoSocial: 'OUTRA EMPRESA' });
    const foreign = signedDps(baseDps(), createXmlSigner(other.privateKeyPem, other.certificatePem));
    expect(codes(await emitDps(kit.client, { dpsXml: foreign.xml }))).toEqual(['E0718']);
    expect(kit.sim.countNotesByDps(foreign.id)).toBe(0);
  });

  it('rejeitar and rejeitar:E0xxx reject with the official message and store nothing', async () => {
    const a = signedDps(baseDps());
    const r = await emitDps(kit.client, { dpsXml: a.xml, scenario: 'rejeitar' });
    expect(codes(r)).toEqual(['E0310']);
    expect(r.kind === 'rejected' && r.erros[0].descricao).toMatch(/código de tributação nacional/i);
    const b = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml, scenario: 'rejeitar:E0310' });
    expect(codes(b)).toEqual(['E0310']);
    expect(kit.sim.countNotesByDps(a.id)).toBe(0);
  });

  it('rejeitar with a code whose rule reads the DPS rejects only a DPS with the defect; the corrected one, same Id, is authorised', async () => {
    const simples = (pAliq?: string) =>
      baseDps({
        prest: { CNPJ: PREST_CNPJ, regTrib: { opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' } },
        valores: {
          vServPrest: { vServ: '250.50' },
          trib: {
            tribMun: { tribISSQN: '1', tpRetISSQN: '1', ...(pAliq ? { pAliq } : {}) },
            totTrib: { pTotTribSN: '6.00' },
          },
        },
      });
    const withRate = simples('2.00');
    const rejected = await emitDps(kit.client, { dpsXml: signedDps(withRate).xml, scenario: 'rejeitar:E0625' });
    expect(codes(rejected)).toEqual(['E0625']);
    expect(rejected.kind === 'rejected' && rejected.erros[0].descricao).toMatch(/Não é permitido informar alíquota/);
    // The same série and número without the rate: the rejected DPS generated nothing, so the Id is free.
    const corrected = signedDps({ ...simples(), nDPS: withRate.nDPS });
    expect(corrected.id).toBe(signedDps(withRate).id);
    expect((await emitDps(kit.client, { dpsXml: corrected.xml, scenario: 'rejeitar:E0625' })).kind).toBe('authorized');
    expect(kit.sim.countNotesByDps(corrected.id)).toBe(1);
    // The rule's DPS-side condition: a not-optante provider (opSimpNac 1) is not refused by E0625.
    expect((await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml, scenario: 'rejeitar:E0625' })).kind).toBe(
      'authorized',
    );
  });

  it('rejeitar with several codes: each is a condition of the national side; IM rules E0120 and E0116 refuse every DPS', async () => {
    const withIm = baseDps();
    expect(
      codes(await emitDps(kit.client, { dpsXml: signedDps(withIm).xml, scenario: 'rejeitar:E0120,E0617' })),
    ).toEqual(['E0120', 'E0617']);
    expect(
      codes(await emitDps(kit.client, { dpsXml: signedDps(withIm).xml, scenario: 'rejeitar:E0120,E0116' })),
    ).toEqual(['E0120']);
    const withoutIm = baseDps({
      nDPS: withIm.nDPS,
      prest: { CNPJ: PREST_CNPJ, regTrib: { opSimpNac: '1', regEspTrib: '0' } },
    });
    expect(
      codes(await emitDps(kit.client, { dpsXml: signedDps(withoutIm).xml, scenario: 'rejeitar:E0120,E0116' })),
    ).toEqual(['E0116']);
    expect(codes(await emitDps(kit.client, { dpsXml: signedDps(withoutIm).xml, scenario: 'rejeitar:E0120' }))).toEqual([
      `not rejected: authorized`,
    ]);
    // The provider's name and address are never in our DPS: E0121 and E0128 find no defect.
    expect(
      (await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml, scenario: 'rejeitar:E0121,E0128' })).kind,
    ).toBe('authorized');
  });

  it('substitution: substituted note becomes cancelled-by-substitution; E0046 on a second one', async () => {
    const original = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml });
    if (original.kind !== 'authorized') throw new Error(original.kind);
    const subst = { chSubstda: original.chave, cMotivo: '01' as const, xMotivo: 'Desconto não aplicado na nota' };
    const replacement = await emitDps(kit.client, { dpsXml: signedDps(baseDps({ subst })).xml });
    expect(replacement.kind).toBe('authorized');
    expect(kit.sim.note(original.chave)?.status).toBe('substituida');
    expect(kit.sim.note(original.chave)?.substitutaChave).toBe(
      replacement.kind === 'authorized' ? replacement.chave : '',
    );
    expect(codes(await emitDps(kit.client, { dpsXml: signedDps(baseDps({ subst })).xml }))).toEqual(['E0046']);
  });

  it('substitution rules: E0078 (99 without xMotivo), E0065 (key digit or note of the other tpAmb), E0044, E0042', async () => {
    const original = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml });
    if (original.kind !== 'authorized') throw new Error(original.kind);
    const e0078 = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ subst: { chSubstda: original.chave, cMotivo: '99' } })).xml,
    });
    expect(codes(e0078)).toEqual(['E0078']);
    // The key's environment digit is the tpAmb; a production key (1) in a test DPS (2) is E0065.
    const productionKey = buildAccessKey({
      cMun: '3550308',
      ambGer: '1',
      CNPJ: PREST_CNPJ,
      nNFSe: 5,
      emissao: new Date(),
    });
    expect(
      codes(
        await emitDps(kit.client, {
          dpsXml: signedDps(baseDps({ subst: { chSubstda: productionKey, cMotivo: '01' } })).xml,
        }),
      ),
    ).toEqual(['E0065']);
    const live = await emitDps(kit.client, { dpsXml: signedDps(baseDps({ tpAmb: '1' })).xml });
    if (live.kind !== 'authorized') throw new Error(live.kind);
    expect(live.chave[7]).toBe('1');
    expect(original.chave[7]).toBe('2');
    const crossEnv = signedDps(baseDps({ tpAmb: '2', subst: { chSubstda: live.chave, cMotivo: '01' } }));
    expect(codes(await emitDps(kit.client, { dpsXml: crossEnv.xml }))).toEqual(['E0065']);
    const sameEnv = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ tpAmb: '1', subst: { chSubstda: live.chave, cMotivo: '01' } })).xml,
    });
    expect(sameEnv.kind).toBe('authorized');
    const unknown = buildAccessKey({ cMun: '3550308', CNPJ: PREST_CNPJ, nNFSe: 999_999, emissao: new Date() });
    expect(
      codes(
        await emitDps(kit.client, { dpsXml: signedDps(baseDps({ subst: { chSubstda: unknown, cMotivo: '01' } })).xml }),
      ),
    ).toEqual(['E0044']);
    const badDv = original.chave.slice(0, 49) + String((Number(original.chave[49]) + 1) % 10);
    expect(
      codes(
        await emitDps(kit.client, { dpsXml: signedDps(baseDps({ subst: { chSubstda: badDv, cMotivo: '01' } })).xml }),
      ),
    ).toEqual(['E0042']);
    expect(kit.sim.note(original.chave)?.status).toBe('autorizada');
  });

  it('inspection route lists notes without their XML', async () => {
    const dps = signedDps(baseDps());
    await emitDps(kit.client, { dpsXml: dps.xml });
    const res = await fetch(`${kit.sim.url}/_simulador/notas?idDps=${dps.id}`);
    const body = (await res.json()) as { notas: Array<{ idDps: string; status: string; xml?: string }> };
    expect(body.notas).toHaveLength(1);
    expect(body.notas[0]).toMatchObject({ idDps: dps.id, status: 'autorizada' });
    expect(body.notas[0].xml).toBeUndefined();
  });
});
