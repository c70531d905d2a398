import { describe, expect, it } from 'vitest';
import { chaveEl, readElAnswer } from './read-el-answer.js';

describe('EL 1.00 answers (the content of return)', () => {
  it('a text without elements is the session hash; messages are read with the code they start with, if any', () => {
    expect(readElAnswer(' 3f2a9c ')).toMatchObject({ texto: '3f2a9c', erros: [] });
    const read = readElAnswer('<mensagens>E10 - RPS 7 já informado</mensagens><mensagens>Senha inválida</mensagens>');
    expect(read.texto).toBeNull();
    expect(read.erros).toEqual([
      { codigo: 'E10', descricao: 'RPS 7 já informado' },
      { codigo: '', descricao: 'Senha inválida' },
    ]);
  });

  it('protocol, lot situation and the notes of a lot, with their RPS and whether cancelled', () => {
    expect(readElAnswer('<numeroLote>7</numeroLote><numeroProtocolo>2026000001</numeroProtocolo>').protocolo).toBe(
      '2026000001',
    );
    expect(readElAnswer('<numeroLote>7</numeroLote><situacaoLoteRps>4</situacaoLoteRps>').situacaoLote).toBe('4');
    const { notas } = readElAnswer(
      '<notasFiscais><nfeRpsNotaFiscal><idNota>ab12</idNota><numero>202600000000001</numero><rpsNumero>7</rpsNumero>' +
        '<dataProcessamento>2026-11-02T12:00:00Z</dataProcessamento><situacao>Cancelada</situacao></nfeRpsNotaFiscal>' +
        '<nfeRpsNotaFiscal><idNota>cd34</idNota><numero>202600000000002</numero><rpsNumero>8</rpsNumero>' +
        '<situacao>Emitida</situacao></nfeRpsNotaFiscal></notasFiscais>',
    );
    expect(notas.map((n) => [n.numero, n.rpsNumero, n.cancelada])).toEqual([
      ['202600000000001', '7', true],
      ['202600000000002', '8', false],
    ]);
    expect(notas[0]!.xml).toMatch(/^<nfeRpsNotaFiscal>.*<\/nfeRpsNotaFiscal>$/);
    expect(chaveEl(notas[1]!, '2932507')).toBe('2932507-202600000000002-cd34');
  });
});
