import { beforeAll, describe, expect, it } from 'vitest';
import { buildInutNFe } from '../../src/engine/nfe/build-inut-nfe.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { companyCredentials } from '../../src/engine/empresas/company-credentials.js';
import { isEventType } from '../../src/engine/webhooks/event-types.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let cnpj: string;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  ({ id: companyId, cnpj } = await acct.company(NFE_COMPANY));
});

const sandbox = () => httpClient(t.url, acct.testKey);
const issue = (simular?: string) =>
  sandbox().post(
    '/v1/nfe',
    nfeBody({ empresa_id: companyId, referencia: `INUT-${++seq}` }),
    simular ? { headers: { 'x-service-simular': simular } } : undefined,
  );
const inutilizar = (numero_inicial: number, numero_final: number, extra: Record<string, unknown> = {}) =>
  sandbox().post('/v1/nfe/inutilizacoes', {
    empresa_id: companyId,
    serie: '1',
    numero_inicial,
    numero_final,
    justificativa: 'Falha do sistema pulou a numeracao',
    ...extra,
  });
const eventsOf = async (tipo: string) =>
  (await t.app.engine.db.event.findMany({ where: { accountId: acct.accountId, tipo }, orderBy: { seq: 'asc' } })).map(
    (e) => e.dados as Record<string, unknown>,
  );

describe('NF-e inutilização', () => {
  it('voids a range: signed, schema-valid inutNFe, 102 with protocol, listed, NFE_INUTILIZACAO; numbering skips the range', async () => {
    const first = await issue();
    expect(first.status).toBe(201);
    const n = Number(first.body.numero);
    const res = await inutilizar(n + 1, n + 3);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      empresa_id: companyId,
      ambiente: 'sandbox',
      serie: '1',
      numero_inicial: String(n + 1),
      numero_final: String(n + 3),
      status: 'homologada',
      protocolo: expect.stringMatching(/^\d{15}$/),
      nfe_id: null,
      justificativa: 'Falha do sistema pulou a numeracao',
    });

    const row = await t.app.engine.db.nfeInutilizacao.findUniqueOrThrow({ where: { id: res.body.id } });
    const year = new Date().getUTCFullYear().toString().slice(2);
    expect(row.xml).toContain(
      `Id="ID43${year}${cnpj}55001${String(n + 1).padStart(9, '0')}${String(n + 3).padStart(9, '0')}"`,
    );
    const lint = xmllint(row.xml, 'nfe/inutNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const proc = xmllint(row.procXml!, 'nfe/procInutNFe_v4.00.xsd');
    expect(proc.ok, proc.output).toBe(true);
    expect(row.procXml).toContain(`<nProt>${res.body.protocolo}</nProt>`);
    const certPem = (await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId } })).certPem;
    const sig = xmlsecVerify(row.xml, certPem, 'infInut');
    expect(sig.ok, sig.output).toBe(true);

    const next = await issue();
    expect(next.status).toBe(201);
    expect(Number(next.body.numero)).toBe(n + 4);

    const list = await sandbox().get(`/v1/nfe/inutilizacoes?empresa_id=${companyId}`);
    expect(list.status).toBe(200);
    expect(list.body.dados[0]).toEqual(res.body);
    expect((await eventsOf('NFE_INUTILIZACAO')).map((d) => d.id)).toContain(res.body.id);
    expect(['NFE_INUTILIZACAO', 'NFE_DESCARTADA', 'NFE_DESCARTE_PROXIMO'].every(isEventType)).toBe(true);
  });

  it('refuses numbers of our notes that are not rejected (409 naming them) and ranges overlapping a voided one', async () => {
    const used = await issue();
    const n = Number(used.body.numero);
    const res = await inutilizar(n, n + 1);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      codigo: 'nfe_numeros_em_uso',
      numeros: [{ numero: String(n), nfe_id: used.body.id, status: 'autorizada' }],
    });
    expect(res.body.mensagem).toContain(`${n} (autorizada)`);

    const voided = await inutilizar(n + 10, n + 12);
    expect(voided.status).toBe(201);
    const overlap = await inutilizar(n + 12, n + 14);
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ codigo: 'nfe_numeracao_inutilizada', inutilizacao_id: voided.body.id });
    expect(overlap.body.mensagem).toContain(`${n + 10} a ${n + 12}`);
  });

  it('concurrent requests for overlapping ranges: exactly one is voided, the others 409 (the series lock)', async () => {
    const base = Number((await issue()).body.numero) + 100;
    const results = await Promise.all([0, 1, 2, 3].map((i) => inutilizar(base + i, base + 5)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.codigo === 'nfe_numeracao_inutilizada')).toBe(
      true,
    );
    expect(await t.app.engine.db.nfeInutilizacao.count({ where: { companyId, numeroFinal: BigInt(base + 5) } })).toBe(
      1,
    );
  });

  it('validation: every error at once with JSON Pointers; nothing stored', async () => {
    const before = await t.app.engine.db.nfeInutilizacao.count();
    const res = await sandbox().post('/v1/nfe/inutilizacoes', {
      empresa_id: companyId,
      serie: '0001',
      numero_inicial: 5,
      numero_final: 3,
      justificativa: 'curta',
      extra: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.codigo).toBe('validacao');
    expect(res.body.erros.map((e: { campo: string }) => e.campo).sort()).toEqual([
      '/extra',
      '/justificativa',
      '/numero_final',
      '/serie',
    ]);
    const missing = await sandbox().post('/v1/nfe/inutilizacoes', {});
    expect(missing.status).toBe(422);
    expect(missing.body.erros.map((e: { campo: string }) => e.campo).sort()).toEqual([
      '/empresa_id',
      '/justificativa',
      '/numero_final',
      '/numero_inicial',
      '/serie',
    ]);
    expect(await t.app.engine.db.nfeInutilizacao.count()).toBe(before);
  });

  it('a company-restricted key needs no empresa_id and sees only its ranges; another account sees none', async () => {
    const other = await acct.company(NFE_COMPANY);
    const restricted = httpClient(t.url, await acct.key('test', other.id));
    const res = await restricted.post('/v1/nfe/inutilizacoes', {
      serie: '2',
      numero_inicial: 7,
      numero_final: 7,
      justificativa: 'Numero reservado e nao usado',
    });
    expect(res.status).toBe(201);
    expect(res.body.empresa_id).toBe(other.id);
    const list = await restricted.get('/v1/nfe/inutilizacoes');
    expect(list.body.dados.map((d: { id: string }) => d.id)).toEqual([res.body.id]);
    const foreign = await restricted.post('/v1/nfe/inutilizacoes', {
      empresa_id: companyId,
      serie: '2',
      numero_inicial: 8,
      numero_final: 8,
      justificativa: 'Numero reservado e nao usado',
    });
    expect(foreign.status).toBe(403);
    const stranger = await seedAccount(t.app.engine, 'Outra conta');
    expect((await httpClient(t.url, stranger.testKey).get('/v1/nfe/inutilizacoes')).body.dados).toEqual([]);
  });

  it('descarte: a rejected note → descartada with its single number voided; other statuses 409', async () => {
    const rejected = await issue('rejeitar:233');
    expect(rejected.status).toBe(422);
    const note = rejected.body.nfe;
    const res = await sandbox().post(`/v1/nfe/${note.id}/descarte`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, status: 'descartada', numero: note.numero });
    const range = await t.app.engine.db.nfeInutilizacao.findFirstOrThrow({ where: { nfeId: note.id } });
    expect(range).toMatchObject({
      status: 'homologada',
      numeroInicial: BigInt(note.numero),
      numeroFinal: BigInt(note.numero),
    });
    expect((await eventsOf('NFE_DESCARTADA')).filter((d) => d.id === note.id)).toEqual([
      expect.objectContaining({ status: 'descartada' }),
    ]);

    const again = await sandbox().post(`/v1/nfe/${note.id}/descarte`, {});
    expect(again.status).toBe(409);
    expect(again.body.codigo).toBe('nfe_nao_descartavel');
    const authorised = await issue();
    const refused = await sandbox().post(`/v1/nfe/${authorised.body.id}/descarte`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ codigo: 'nfe_nao_descartavel', campo: null });
  });

  it('a range holding a rejected note voids it and discards the note', async () => {
    const rejected = (await issue('rejeitar:539')).body.nfe;
    const n = Number(rejected.numero);
    const res = await inutilizar(n, n + 1);
    expect(res.status).toBe(201);
    expect((await sandbox().get(`/v1/nfe/${rejected.id}`)).body.status).toBe('descartada');
  });

  it('a number voided at the authority outside the service: 206 → 422 nfe_numero_inutilizado, note descartada (NFE_DESCARTADA); the next issue takes the next number', async () => {
    const other = await acct.company(NFE_COMPANY);
    // Voided straight at the simulated SEFAZ (as another system of the issuer would), so our numbering does not know it.
    const { signer, credentials } = await companyCredentials(t.app.engine, other.id);
    const inut = signNfeXml(
      buildInutNFe({
        environment: 'test',
        cUF: '43',
        cnpj: other.cnpj,
        serie: '1',
        numeroInicial: 1n,
        numeroFinal: 1n,
        justificativa: 'Numero usado por outro sistema do emitente',
        at: new Date(),
      }),
      signer,
      'infInut',
    );
    expect(
      await t.app.engine.sefaz.inutilize(inut, { environment: 'test', cUF: '43', simulacao: null, credentials }),
    ).toContain('<cStat>102</cStat>');

    const res = await sandbox().post('/v1/nfe', nfeBody({ empresa_id: other.id, referencia: 'VOIDED-1' }));
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({
      codigo: 'nfe_numero_inutilizado',
      nfe: {
        status: 'descartada',
        numero: '1',
        protocolo: null,
        rejeicao: { c_stat: '206', mensagem: expect.stringContaining('inutilizada'), explicacao: expect.any(String) },
      },
    });
    expect((await sandbox().get(`/v1/nfe/${res.body.nfe.id}`)).body.status).toBe('descartada');
    expect((await eventsOf('NFE_DESCARTADA')).filter((d) => d.id === res.body.nfe.id)).toHaveLength(1);
    // Nothing to correct with that number: 409, as for any note that is not rejeitada.
    const fix = await sandbox().post(
      `/v1/nfe/${res.body.nfe.id}/correcao`,
      nfeBody({ empresa_id: other.id, referencia: 'VOIDED-1' }),
    );
    expect(fix.status).toBe(409);

    const next = await sandbox().post('/v1/nfe', nfeBody({ empresa_id: other.id, referencia: 'VOIDED-2' }));
    expect(next.status, next.text).toBe(201);
    expect(next.body.numero).toBe('2');
  });

  it('GET /v1/nfe filters: status, empresa_id, desde/ate, referencia prefix; bad values 400 naming the parameter', async () => {
    const other = await acct.company(NFE_COMPANY);
    const mine = await sandbox().post('/v1/nfe', nfeBody({ empresa_id: other.id, referencia: 'FILTRO-A1' }));
    const rejected = await sandbox().post('/v1/nfe', nfeBody({ empresa_id: other.id, referencia: 'FILTRO-B1' }), {
      headers: { 'x-service-simular': 'rejeitar:233' },
    });
    const ids = async (query: string) => {
      const res = await sandbox().get(`/v1/nfe?${query}`);
      expect(res.status).toBe(200);
      return res.body.dados.map((n: { id: string }) => n.id);
    };
    expect(await ids(`empresa_id=${other.id}`)).toEqual([rejected.body.nfe.id, mine.body.id]);
    expect(await ids(`empresa_id=${other.id}&status=rejeitada`)).toEqual([rejected.body.nfe.id]);
    expect(await ids('referencia=FILTRO-A')).toEqual([mine.body.id]);
    const created = mine.body.criada_em as string;
    expect(
      await ids(`empresa_id=${other.id}&desde=${encodeURIComponent(created)}&ate=${encodeURIComponent(created)}`),
    ).toEqual([mine.body.id]);
    const today = new Date(Date.parse(created) - 3 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids(`empresa_id=${other.id}&desde=${today}&ate=${today}`)).toHaveLength(2);
    expect(await ids(`empresa_id=${other.id}&ate=2020-01-01`)).toEqual([]);

    for (const [query, parameter] of [
      ['status=perdida', 'status'],
      ['empresa_id=xyz', 'empresa_id'],
      ['desde=ontem', 'desde'],
      ['ate=2026-13-45T99:00Z', 'ate'],
      ['desde=2026-12-01&ate=2026-11-01', 'desde'],
    ]) {
      const res = await sandbox().get(`/v1/nfe?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ codigo: 'parametro_invalido', campo: null });
      expect(res.body.mensagem).toContain(`Parâmetro ${parameter}`);
    }
  });
});
