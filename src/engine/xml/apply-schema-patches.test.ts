import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { applySchemaPatches, PATCHED_SCHEMAS } from './apply-schema-patches.js';
import { validateXsd } from './validate-xsd.js';
import { buildDpsXml } from '../nfse/nacional/build-dps-xml.js';
import { buildAccessKey } from '../nfse/nacional/access-key.js';
import { buildCancellationEventXml } from '../nfse/nacional/build-event-xml.js';
import { baseDps } from '../../../test/support/nfse-fixtures.js';

const CHAVE =
  '<xs:simpleType name="TSChaveNFSe"><xs:restriction base="xs:string"><xs:pattern value="[0-9]{6}([0-9A-Z]{14})[0-9]{30}"/></xs:restriction></xs:simpleType>';

const TIPOS = 'tiposSimples_v1.01.xsd';
const ABRASF = 'nfse_v204.xsd';
const SALVADOR = 'municipais/salvador-ba/1.00/acbr/nfse.xsd';

describe('applySchemaPatches', () => {
  it('puts the letters of TSChaveNFSe where the inscrição is (positions 10–23), leaving the rest of the text as it is', () => {
    expect(applySchemaPatches(TIPOS, `<a/>${CHAVE}\n<b/>`)).toBe(
      '<a/><xs:simpleType name="TSChaveNFSe"><xs:restriction base="xs:string"><xs:pattern value="[0-9]{9}[0-9A-Z]{14}[0-9]{27}"/></xs:restriction></xs:simpleType>\n<b/>',
    );
    // Only the named file is changed.
    expect(applySchemaPatches('DPS_v1.01.xsd', CHAVE)).toBe(CHAVE);
  });

  it('keeps a text that already carries the change, and refuses one that holds neither text', () => {
    const once = applySchemaPatches(TIPOS, CHAVE);
    expect(applySchemaPatches(TIPOS, once)).toBe(once);
    expect(() => applySchemaPatches(TIPOS, CHAVE.replace('{30}', '{31}'))).toThrow(/tiposSimples_v1.01.xsd/);
    expect(() => applySchemaPatches(TIPOS, CHAVE + CHAVE)).toThrow(/revise/);
  });

  it('applies to the published files of the data directory, which stay unchanged on disk', () => {
    const path = fiscalDataPath('xsdNfse', TIPOS);
    const published = readFileSync(path, 'latin1');
    // The package itself carries the alphanumeric CNPJ and a TSSerieDPS libxml2 can use: nothing else is changed.
    expect(published).toContain('<xs:pattern value="[0-9A-Z]{14}"/>');
    expect(published).toContain('<xs:pattern value="[0-9]{1,4}|[0-8][0-9]{4}"/>');
    expect(applySchemaPatches(TIPOS, published)).toContain('<xs:pattern value="[0-9]{9}[0-9A-Z]{14}[0-9]{27}"/>');
    expect(readFileSync(path, 'latin1')).toBe(published);
    for (const file of [...PATCHED_SCHEMAS].filter((f) => f !== TIPOS && f !== ABRASF && f !== 'nfse.xsd')) {
      const text = readFileSync(fiscalDataPath('xsdNfe', file), 'latin1');
      expect(applySchemaPatches(file, text), file).toContain('<xs:pattern value="ID[0-9]{12}[0-9A-Z]{12}[0-9]{28}"/>');
    }
  });
});

describe('the ABRASF 2.04 schema', () => {
  it('is read without the occurrence attributes of the global CompNfse, which libxml2 refuses; nothing else changes', () => {
    const published = readFileSync(fiscalDataPath('xsdAbrasf', ABRASF), 'latin1');
    const patched = applySchemaPatches(ABRASF, published);
    expect(published).toMatch(/<xsd:element name="CompNfse" type="tcCompNfse" \s+minOccurs="1" maxOccurs="1"\/>/);
    expect(patched).toContain('<xsd:element name="CompNfse" type="tcCompNfse"/>');
    expect(patched.length).toBe(published.length - ' \n\t\tminOccurs="1" maxOccurs="1"'.length);
    expect(
      validateXsd('<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd"/>', 'abrasf').some((e) =>
        /Nfse/.test(e.message),
      ),
    ).toBe(true);
  });
});

describe("ISSSalvador's nfse.xsd", () => {
  it('is read with the two Reforma Tributária type names without their trailing space; no other nfse.xsd changes', () => {
    const path = fiscalDataPath('provedoresNfse', SALVADOR);
    const published = readFileSync(path, 'latin1');
    expect(published).toContain('<xsd:simpleType name="tscClassTrib ">');
    expect(published).toContain('<xsd:simpleType name="tsINDOP ">');
    const patched = applySchemaPatches(path, published);
    expect(patched).toContain('<xsd:simpleType name="tscClassTrib">');
    expect(patched).toContain('<xsd:simpleType name="tsINDOP">');
    expect(patched.length).toBe(published.length - 2);
    expect(readFileSync(path, 'latin1')).toBe(published);
    // The file name alone is shared by other packages: theirs are read as published.
    const fortaleza = fiscalDataPath('provedoresNfse', 'municipais/fortaleza-ce/1.00/acbr/nfse.xsd');
    const text = readFileSync(fortaleza, 'latin1');
    expect(applySchemaPatches(fortaleza, text)).toBe(text);
    expect(() => applySchemaPatches(path, published.replace('"tsINDOP "', '"tsINDOP2"'))).toThrow(/revise/);
  });
});

describe('the NFS-e schemas the service compiles', () => {
  const ALFA = '12ABC34501DE35';
  const dps = (over: Parameters<typeof baseDps>[0]) => buildDpsXml(baseDps(over));

  it('accept an alphanumeric issuer and recipient in the DPS (CNPJ and Id); lower case is refused', () => {
    expect(
      validateXsd(
        dps({
          prest: { CNPJ: ALFA, regTrib: { opSimpNac: '1', regEspTrib: '0' } },
          toma: { CNPJ: ALFA.replace('12', '98'), xNome: 'Cliente Exemplo S.A.' },
        }),
        'DPS',
      ),
    ).toEqual([]);
    expect(
      validateXsd(dps({ prest: { CNPJ: ALFA.toLowerCase(), regTrib: { opSimpNac: '1', regEspTrib: '0' } } }), 'DPS')
        .length,
    ).toBeGreaterThan(0);
  });

  it('refuse the séries 90000–99999 and a service description that is only blanks (package 20260727)', () => {
    expect(validateXsd(dps({ serie: '89999' }), 'DPS')).toEqual([]);
    expect(validateXsd(dps({ serie: '90000' }), 'DPS').some((e) => /serie/.test(e.message))).toBe(true);
    const blank = dps({}).replace(/<xDescServ>[^<]*<\/xDescServ>/, '<xDescServ>   </xDescServ>');
    expect(validateXsd(blank, 'DPS').some((e) => /xDescServ/.test(e.message))).toBe(true);
  });

  it('accept the cancellation request of a note whose key carries a letter at position 21', () => {
    const chave = buildAccessKey({ cMun: '3550308', CNPJ: ALFA, nNFSe: 1, emissao: new Date('2026-10-05T12:00:00Z') });
    expect(chave.slice(9, 23)).toBe(ALFA);
    const pedido = buildCancellationEventXml({
      chNFSe: chave,
      CNPJAutor: ALFA,
      tpAmb: '2',
      verAplic: 'fiscal-api-1.0',
      dhEvento: '2026-10-05T09:00:00-03:00',
      cMotivo: '2',
      xMotivo: 'Serviço não foi prestado ao cliente',
    });
    expect(validateXsd(pedido, 'pedRegEvento')).toEqual([]);
  });
});
