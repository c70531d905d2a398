import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { createNfe } from '../../src/engine/nfe/create-nfe.js';
import { isValidNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { xmllint } from '../support/external-tools.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { nfeBody, nfeInput, PORTO_ALEGRE } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
const NFE_COMPANY = {
  municipio: PORTO_ALEGRE,
  inscricao_estadual: '0960012345',
  endereco: { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro Historico', cep: '90020007' },
};

useTestApp((s) => ({ t, acct } = s));

const principal = (environment: 'test' | 'live' = 'test'): Principal => ({
  accountId: acct.accountId,
  environment,
  apiKeyId: 'test',
  companyId: null,
});
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
};

describe('createNfe', () => {
  it('stores the signed, schema-valid NF-e transmitindo with its access key before any send', async () => {
    const company = await acct.company({ ...NFE_COMPANY, serie_nfe: '3' });
    const { view } = await createNfe(t.app.engine, principal(), {
      body: nfeInput(nfeBody({ empresa_id: company.id, referencia: 'pedido-1' })),
    });
    expect(view).toMatchObject({
      status: 'transmitindo',
      serie: '3',
      numero: '1',
      ambiente: 'sandbox',
      referencia: 'pedido-1',
      valor_total: '120.00',
    });
    expect(isValidNfeKey(view.chave_acesso)).toBe(true);
    expect(view.chave_acesso.slice(0, 2)).toBe('43');
    expect(view.chave_acesso.slice(6, 20)).toBe(company.cnpj);
    expect(view.chave_acesso.slice(22, 34)).toBe('003000000001');
    const row = await t.app.engine.db.nfe.findUniqueOrThrow({ where: { id: view.id } });
    expect(row.xml).toContain(`Id="NFe${view.chave_acesso}"`);
    const lint = xmllint(row.xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });

  it('numbers per series without reuse, also under concurrency', async () => {
    const company = await acct.company(NFE_COMPANY);
    const views = await Promise.all(
      Array.from(
        { length: 8 },
        async () =>
          (await createNfe(t.app.engine, principal(), { body: nfeInput(nfeBody({ empresa_id: company.id })) })).view,
      ),
    );
    expect(views.map((v) => Number(v.numero)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(views.map((v) => v.chave_acesso)).size).toBe(8);
    const { view: other } = await createNfe(t.app.engine, principal(), {
      body: nfeInput(nfeBody({ empresa_id: company.id, serie: '2' })),
    });
    expect(other).toMatchObject({ serie: '2', numero: '1' });
    // Production numbers are their own sequence.
    const { view: live } = await createNfe(t.app.engine, principal('live'), {
      body: nfeInput(nfeBody({ empresa_id: company.id })),
    });
    expect(live.numero).toBe('1');
  });

  it('a duplicate referencia is 409 with the existing note', async () => {
    const company = await acct.company(NFE_COMPANY);
    const { view: first } = await createNfe(t.app.engine, principal(), {
      body: nfeInput(nfeBody({ empresa_id: company.id, referencia: 'dup' })),
    });
    const err = await refusal(
      createNfe(t.app.engine, principal(), { body: nfeInput(nfeBody({ empresa_id: company.id, referencia: 'dup' })) }),
    );
    expect(err.codigo).toBe('referencia_duplicada');
    expect(err.extra).toMatchObject({ nfe_id: first.id });
  });

  it('a company without state registration or address is 412 with those items in bloqueio; nothing is stored', async () => {
    const company = await acct.company();
    const err = await refusal(
      createNfe(t.app.engine, principal(), { body: nfeInput(nfeBody({ empresa_id: company.id })) }),
    );
    expect(err.codigo).toBe('empresa_nao_pronta');
    const itens = (err.extra as { itens: Array<{ item: string; situacao: string }> }).itens;
    expect(itens.find((i) => i.item === 'inscricao_estadual')?.situacao).toBe('bloqueio');
    expect(itens.find((i) => i.item === 'endereco_emitente')?.situacao).toBe('bloqueio');
    expect(await t.app.engine.db.nfe.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('calcular refuses informed items (it takes produto, quantidade, valor_unitario); an unknown modo is a validation error', async () => {
    const company = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const calc = await refusal(
      createNfe(t.app.engine, principal(), { body: nfeInput(nfeBody({ empresa_id: company.id, modo: 'calcular' })) }),
    );
    expect(calc.codigo).toBe('validacao');
    expect((calc.extra as { erros: Array<{ codigo: string; campo: string }> }).erros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codigo: 'campo_desconhecido', campo: '/itens/0/codigo' }),
        expect.objectContaining({ codigo: 'campo_obrigatorio', campo: '/itens/0/produto' }),
      ]),
    );
    const err = await refusal(
      createNfe(t.app.engine, principal(), { body: nfeInput(nfeBody({ empresa_id: company.id, modo: 'adivinhar' })) }),
    );
    expect(err.codigo).toBe('validacao');
    expect((err.extra as { erros: Array<{ campo: string }> }).erros.map((e) => e.campo)).toEqual(['/modo']);
  });
});
