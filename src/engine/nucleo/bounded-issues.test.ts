import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from './body-limits.js';
import { boundedIssues } from './bounded-issues.js';
import type { ValidationIssue } from './validation-issue.js';

const issue = (i: number, mensagem = `problema ${i}`): ValidationIssue => ({
  codigo: 'formato_invalido',
  campo: `/itens/${i}`,
  mensagem,
  correcao: 'Corrija.',
});
const many = (n: number) => Array.from({ length: n }, (_, i) => issue(i));

describe('boundedIssues', () => {
  it('keeps a short list as it is', () => {
    const list = many(BODY_LIMITS.reportedIssues);
    expect(boundedIssues(list)).toBe(list);
  });

  it('lists the first problems and counts the rest in one last entry', () => {
    const out = boundedIssues(many(250));
    expect(out).toHaveLength(BODY_LIMITS.reportedIssues + 1);
    expect(out[99]!.campo).toBe('/itens/99');
    expect(out[100]).toMatchObject({ codigo: 'erros_omitidos', campo: '' });
    expect(out[100]!.mensagem).toMatch(/150 problemas além dos 100/);
  });

  it('a list bounded, added to and bounded again counts every problem once', () => {
    const again = boundedIssues([...boundedIssues(many(250)), issue(900), issue(901)]);
    expect(again).toHaveLength(101);
    expect(again.filter((e) => e.codigo === 'erros_omitidos')).toHaveLength(1);
    expect(again[100]!.mensagem).toMatch(/152 problemas/);
  });

  it('cuts a message that quotes a long value', () => {
    const [out] = boundedIssues([issue(0, 'x'.repeat(50_000))]);
    expect(out!.mensagem.length).toBe(BODY_LIMITS.issueText);
    expect(out!.mensagem.endsWith('…')).toBe(true);
  });
});
