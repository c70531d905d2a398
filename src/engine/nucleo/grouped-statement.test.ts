import { describe, expect, it } from 'vitest';
import { groupedStatement } from './grouped-statement.js';

describe('groupedStatement', () => {
  it('sends the calls made while a statement is on its way together in the next one, each answered with its own result', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const double = groupedStatement<number, number>({}, 'double', async (items) => {
      groups.push(items);
      if (groups.length === 1) await first;
      return items.map((n) => n * 2);
    });
    const lone = double(1);
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = [double(2), double(3), double(4)];
    release();
    expect(await Promise.all([lone, ...waiting])).toEqual([2, 4, 6, 8]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('runs each item alone when its group fails, so only the failing item is refused', async () => {
    const groups: string[][] = [];
    const insert = groupedStatement<string, string>({}, 'insert', async (items) => {
      groups.push(items);
      if (items.includes('duplicada')) throw new Error(`violação: ${items.join(',')}`);
      return items.map((r) => `ok:${r}`);
    });
    const results = await Promise.allSettled([insert('a'), insert('duplicada'), insert('b')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'ok:a' },
      { status: 'rejected', reason: new Error('violação: duplicada') },
      { status: 'fulfilled', value: 'ok:b' },
    ]);
    expect(groups[0]).toEqual(['a', 'duplicada', 'b']);
  });

  it('rejects an item whose result is an Error, and keeps one queue per owner', async () => {
    const seen: Array<{ owner: string; items: number[] }> = [];
    const make = (owner: string) =>
      groupedStatement<number, number>({ owner }, 'q', async (items) => {
        seen.push({ owner, items });
        return items.map((n) => (n < 0 ? new Error(`negativo: ${n}`) : n));
      });
    const [a, b] = [make('a'), make('b')];
    const results = await Promise.allSettled([a(1), a(-1), b(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen).toEqual([
      { owner: 'a', items: [1, -1] },
      { owner: 'b', items: [2] },
    ]);
  });
});
