import { describe, expect, it } from 'vitest';
import type { ReadinessItem } from '../../src/engine/prontidao/readiness-items.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

const itemOf = (itens: ReadinessItem[], name: string) => itens.find((i) => i.item === name);

describe('company NF-e settings and readiness', () => {
  it('stores inscricao_estadual and serie_nfe and shows them', async () => {
    const endereco = { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro', cep: '90020-007' };
    const company = await acct.company({ inscricao_estadual: '0123456789', serie_nfe: '7', endereco });
    const res = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${company.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      inscricao_estadual: '0123456789',
      serie_nfe: '7',
      endereco: { ...endereco, cep: '90020007' },
    });
  });

  it('refuses a reserved series and a malformed state registration, together', async () => {
    const res = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11222333000181',
      razao_social: 'X',
      municipio: '4314902',
      inscricao_estadual: '12.34',
      serie_nfe: '900',
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toEqual(
      expect.arrayContaining([expect.stringMatching(/^inscricao_estadual: /), expect.stringMatching(/^serie_nfe: /)]),
    );
  });

  it('readiness gains the NF-e items without blocking an NFS-e-only company', async () => {
    const plain = await acct.company();
    const r = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${plain.id}/prontidao`);
    expect(r.status, r.text).toBe(200);
    expect(itemOf(r.body.itens, 'inscricao_estadual')).toMatchObject({
      situacao: 'aviso',
      correcao: expect.stringContaining('inscricao_estadual'),
    });
    expect(itemOf(r.body.itens, 'serie_nfe')?.situacao).toBe('ok');
    expect(r.body.itens.filter((i: ReadinessItem) => i.situacao === 'bloqueio')).toEqual([]);

    const issuer = await acct.company({ inscricao_estadual: '0123456789' });
    const ready = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${issuer.id}/prontidao`);
    expect(itemOf(ready.body.itens, 'inscricao_estadual')?.situacao).toBe('ok');
    expect(itemOf(ready.body.itens, 'endereco_emitente')?.situacao).toBe('aviso');
    // An issuer on the default series is told to reserve one for the API.
    expect(itemOf(ready.body.itens, 'serie_nfe')?.situacao).toBe('aviso');
    expect(itemOf(ready.body.itens, 'autorizador_nfe')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringMatching(/: (SVRS|SVAN|[A-Z]{2})\.$/),
    });
    // NfeStatusServico4 of its authoriser (the simulator over HTTP) answered 107; an NFS-e-only company has no such item.
    expect(itemOf(ready.body.itens, 'autorizador_nfe_disponivel')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringContaining('em operação'),
    });
    expect(itemOf(r.body.itens, 'autorizador_nfe_disponivel')).toBeUndefined();
  });

  it('an unreachable authoriser is an aviso (EPEC will be used), never a bloqueio; NFS-e items unchanged', async () => {
    const down = await startTestApp({ env: { SEFAZ_URL_TEST: 'http://127.0.0.1:1' } });
    try {
      const other = await seedAccount(down.app.engine);
      const issuer = await other.company({
        inscricao_estadual: '0123456789',
        serie_nfe: '1',
        endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', cep: '90020007' },
      });
      const ready = await httpClient(down.url, other.testKey).get(`/v1/companies/${issuer.id}/prontidao`);
      expect(ready.status, ready.text).toBe(200);
      expect(itemOf(ready.body.itens, 'autorizador_nfe_disponivel')).toMatchObject({
        situacao: 'aviso',
        mensagem: expect.stringContaining('contingência EPEC'),
      });
      expect(ready.body.itens.filter((i: ReadinessItem) => i.situacao === 'bloqueio')).toEqual([]);
      expect(ready.body.situacao).toBe('aviso');
      const nfse = await httpClient(down.url, other.testKey).post('/v1/nfse', {
        empresa_id: issuer.id,
        tomador: { documento: '52998224725', nome: 'Cliente' },
        valor: '10.00',
        servico: { descricao: 'Desenvolvimento de sistema sob encomenda' },
      });
      expect(nfse.status, nfse.text).toBe(201);
    } finally {
      await down.close();
    }
  });
});
