import { describe, expect, it } from 'vitest';
import { documentoFederal } from './documento-federal.js';

describe('documentoFederal (CPF)', () => {
  it('reads the bare and the masked form alike, returning the bare digits', () => {
    const expected = { tipo: 'cpf', numero: '52998224725' };
    expect(documentoFederal('52998224725')).toEqual(expected);
    expect(documentoFederal('529.982.247-25')).toEqual(expected);
    expect(documentoFederal(' 529 982 247 25 ')).toEqual(expected);
  });

  it('refuses wrong check digits, repeated digits and the placeholder, masked or not', () => {
    for (const valor of ['529.982.247-26', '52998224735', '111.111.111-11', '00000000000', '123.456.789-09']) {
      expect(documentoFederal(valor), valor).toBeNull();
    }
  });

  it('refuses other lengths and characters the masks do not use', () => {
    expect(documentoFederal('529.982.247-2')).toBeNull();
    expect(documentoFederal('529,982,247-25')).toBeNull();
    expect(documentoFederal('5299822472X')).toBeNull();
  });
});
