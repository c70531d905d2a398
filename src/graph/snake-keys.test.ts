import { describe, expect, it } from 'vitest';
import { snakeKeys } from './snake-keys.js';

describe('snakeKeys', () => {
  it('renames nested members and list items, converts Dates, drops __typename and keeps a dados object as stored', () => {
    const at = new Date('2026-07-27T12:00:00.000Z');
    expect(
      snakeKeys({
        __typename: 'Nfse',
        chaveAcesso: 'x',
        tomador: { razaoSocial: 'A' },
        timeline: [{ criadoEm: at }],
        dados: { chaveAcesso: 'y' },
      }),
    ).toEqual({
      chave_acesso: 'x',
      tomador: { razao_social: 'A' },
      timeline: [{ criado_em: at.toISOString() }],
      dados: { chaveAcesso: 'y' },
    });
  });

  it('converts every key the same after its memo is full', () => {
    const many = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`campo${i}Valor`, i]));
    const once = snakeKeys(many) as Record<string, number>;
    expect(Object.keys(once)).toHaveLength(6000);
    expect(once.campo5999_valor).toBe(5999);
    expect(snakeKeys({ campo5999Valor: 1, novoCampoX: 2 })).toEqual({ campo5999_valor: 1, novo_campo_x: 2 });
  });
});
