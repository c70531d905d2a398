// The municipal parameters of a batch are counted over a projection the database makes of its lines: what
// municipiosDaNota reads of each projection must be what it reads of the whole line, whatever shape the line has.
import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/generated/prisma/client.js';
import { municipalProjections } from '../../src/engine/lotes/municipal-projections.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { municipiosDaNota } from '../../src/engine/nfse/municipios-da-nota.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { linha } from '../support/lotes.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
});

describe('municipalProjections', () => {
  it('keeps what municipiosDaNota reads of each line, alike lines once with their count, in the order of their first line', async () => {
    const requests: unknown[] = [
      linha({
        competencia: '2026-03',
        servico: { descricao: 'A', codigo_nacional: '010101', municipio_prestacao: '3550308' },
      }),
      linha({
        servico: { descricao: 'B', obra: { municipio: '3304557', cep: '20000000' } },
        tomador: { documento: '52998224725', nome: 'X', endereco: { municipio: ' 4106902 ', cep: '80000000' } },
      }),
      linha({
        competencia: '2026-03',
        servico: { descricao: 'C', codigo_nacional: '010101', municipio_prestacao: '3550308' },
      }),
      // Shapes validation refuses still count as what they say (or as nothing).
      null,
      ['3550308'],
      'texto',
      { referencia: 'x', servico: 'consultoria', tomador: { endereco: ['4106902'] } },
      { servico: { municipioPrestacao: '3550308', municipio_prestacao: 3550308 }, competencia: null },
      linha({ competencia: '13/2026', servico: { descricao: 'D', obra: 'sem obra' } }),
    ];
    const now = new Date();
    const lote = await t.app.engine.db.lote.create({
      data: {
        id: newId(),
        accountId: acct.accountId,
        environment: 'test',
        companyId: company.id,
        status: 'aguardando_emissao',
        aoValidar: 'aguardar',
        origem: 'json',
        total: requests.length,
        lockedUntil: null,
        createdAt: now,
        updatedAt: now,
        itens: {
          create: requests.map((request, i) => ({
            id: newId(),
            linha: i + 1,
            status: 'aguardando_emissao',
            request: request === null ? Prisma.JsonNull : (request as never),
            updatedAt: now,
          })),
        },
      },
    });
    const seen = (request: unknown) =>
      municipiosDaNota(
        camelBody(request, '', []),
        { municipio: '3106200', padroes: { codigo_nacional: '990101' } },
        now,
      );

    const projections = await municipalProjections(t.app.engine.db, lote.id);
    expect(projections.reduce((n, p) => n + p.linhas, 0)).toBe(requests.length);
    const expanded = projections.flatMap((p) =>
      Array.from({ length: p.linhas }, () => JSON.stringify(seen(p.request))),
    );
    expect(expanded.sort()).toEqual(requests.map((r) => JSON.stringify(seen(r))).sort());
    // Lines 1 and 3 are alike: one projection of two lines, first.
    expect(projections[0]).toMatchObject({ linhas: 2 });
    expect(JSON.stringify(projections[0]!.request)).not.toContain('descricao');
  });
});
