import { describe, expect, it } from 'vitest';
import { reducaoIbsCbsItem } from './reducao-ibs-cbs-item.js';

const now = new Date('2026-11-02T12:00:00Z');

describe('reducao_ibs_cbs from the company default NBS', () => {
  it('warns (never blocks) when the classification table foresees a reduction: education, LC 214/2025 art. 129', () => {
    const item = reducaoIbsCbsItem({ nbs: '122011100' }, now);
    expect(item.situacao).toBe('aviso');
    expect(item.mensagem).toContain('122011100');
    expect(item.mensagem).toContain('cClassTrib 200028');
    expect(item.mensagem).toContain('redução de 60%');
    expect(item.mensagem).toContain('LC 214/2025 Art. 129');
    expect(item.correcao).toMatch(/contabilidade/);
  });

  it('warns for human health services, a code listed one NBS at a time (art. 130)', () => {
    const item = reducaoIbsCbsItem({ nbs: '123011100' }, now);
    expect(item).toMatchObject({ situacao: 'aviso' });
    expect(item.mensagem).toContain('cClassTrib 200029');
  });

  it('is ok for a service without any reduction in the table', () => {
    const item = reducaoIbsCbsItem({ nbs: '115021000', codigo_nacional: '010101' }, now);
    expect(item).toMatchObject({
      item: 'reducao_ibs_cbs',
      situacao: 'ok',
      mensagem: 'Nenhuma redução de IBS/CBS prevista para o NBS padrão 115021000.',
      correcao: null,
    });
    expect(item.versao).toMatch(/calculadora-rtc/);
  });

  it('is ok and says so when the company has no default NBS to look up', () => {
    const item = reducaoIbsCbsItem({ codigo_nacional: '010101' }, now);
    expect(item.situacao).toBe('ok');
    expect(item.mensagem).toMatch(/Sem NBS padrão/);
  });

  it('applies only the codes in force on the day: nothing is foreseen before the table starts (2026-01-01)', () => {
    expect(reducaoIbsCbsItem({ nbs: '122011100' }, new Date('2025-12-31T12:00:00Z')).situacao).toBe('ok');
  });

  it('is ok when the default classification is the reduction foreseen for the default NBS', () => {
    const item = reducaoIbsCbsItem(
      { nbs: '122011100', ibs_cbs: { c_class_trib: '200028', indicador_operacao: '030101' } },
      now,
    );
    expect(item).toMatchObject({ situacao: 'ok', correcao: null });
    expect(item.mensagem).toContain('levam a redução');
    expect(item.mensagem).toContain('200028');
  });

  it('is ok with a general default and names the reduction the company may use', () => {
    const item = reducaoIbsCbsItem(
      { nbs: '122011100', ibs_cbs: { c_class_trib: '000001', indicador_operacao: '030101' } },
      now,
    );
    expect(item.situacao).toBe('ok');
    expect(item.mensagem).toContain('cClassTrib padrão 000001');
    expect(item.mensagem).toContain('200028');
  });

  it('warns when the default classification would be refused: not foreseen for the NBS, no operation indicator', () => {
    const foraDoNbs = reducaoIbsCbsItem(
      { nbs: '115021000', ibs_cbs: { c_class_trib: '200028', indicador_operacao: '030101' } },
      now,
    );
    expect(foraDoNbs.situacao).toBe('aviso');
    expect(foraDoNbs.mensagem).toContain('115021000');
    const semIndicador = reducaoIbsCbsItem({ nbs: '122011100', ibs_cbs: { c_class_trib: '200028' } }, now);
    expect(semIndicador).toMatchObject({
      situacao: 'aviso',
      correcao: 'Informe padroes.ibs_cbs.indicador_operacao da empresa.',
    });
  });
});
