import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { applyNfseSchemaPatches, PATCHED_NFSE_SCHEMA } from './apply-nfse-schema-patches.js';
import { validateXsd } from './validate-xsd.js';
import { buildDpsXml } from '../nfse/nacional/build-dps-xml.js';
import { baseDps } from '../../../test/support/nfse-fixtures.js';

const ANCHORED = '<xs:simpleType name="TSSerieDPS"><xs:restriction base="xs:token"><xs:pattern value="^0{0,4}\\d{1,5}$"/></xs:restriction></xs:simpleType>';
const CNPJ = '<xs:simpleType name="TSCNPJ"><xs:restriction base="xs:string"><xs:pattern value="[0-9]{14}"/></xs:restriction></xs:simpleType>';

describe('applyNfseSchemaPatches', () => {
  it('unanchors TSSerieDPS and opens TSCNPJ to letters, leaving the rest of the text as it is', () => {
    const patched = applyNfseSchemaPatches(`<a/>${ANCHORED}\r\n${CNPJ}<b/>`);
    expect(patched).toBe(
      '<a/><xs:simpleType name="TSSerieDPS"><xs:restriction base="xs:token"><xs:pattern value="0{0,4}\\d{1,5}"/></xs:restriction></xs:simpleType>\r\n' +
        '<xs:simpleType name="TSCNPJ"><xs:restriction base="xs:string"><xs:pattern value="[0-9A-Z]{14}"/></xs:restriction></xs:simpleType><b/>',
    );
  });

  it('keeps a text that already carries a change, and refuses one that holds neither text', () => {
    const once = applyNfseSchemaPatches(`${ANCHORED}${CNPJ}`);
    expect(applyNfseSchemaPatches(once)).toBe(once);
    expect(() => applyNfseSchemaPatches(`${ANCHORED}${CNPJ.replace('[0-9]{14}', '[0-9]{15}')}`)).toThrow(/TSCNPJ/);
    expect(() => applyNfseSchemaPatches(CNPJ)).toThrow(/TSSerieDPS não encontrado/);
  });

  it('applies to the published file of the data directory, which stays unchanged on disk', () => {
    const path = fiscalDataPath('xsdNfse', PATCHED_NFSE_SCHEMA);
    const published = readFileSync(path, 'latin1');
    expect(applyNfseSchemaPatches(published)).toContain('<xs:pattern value="[0-9A-Z]{14}"/>');
    expect(readFileSync(path, 'latin1')).toBe(published);
  });

  it('reaches the compiled DPS schema: an alphanumeric recipient CNPJ is valid, a lowercase one is not', () => {
    const dps = (cnpj: string) => buildDpsXml(baseDps({ toma: { CNPJ: cnpj, xNome: 'Cliente Exemplo S.A.' } }));
    expect(validateXsd(dps('12ABC34501DE35'), 'DPS').filter((e) => /TSCNPJ|CNPJ/.test(e.message))).toEqual([]);
    expect(validateXsd(dps('12abc34501de35'), 'DPS').some((e) => /CNPJ|pattern/.test(e.message))).toBe(true);
  });
});
