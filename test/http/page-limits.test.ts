// Every list takes `limite` by one rule (src/engine/nucleo/page-limit.ts): each list's default and maximum, with
// a value outside refused by 400, except GET /v1/nfse, which brings it within bounds. openapi.yaml states each
// list's rule; this test fails when the document and the engine disagree, and checks the rule over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGO_LIMITE } from '../../src/engine/catalogos/page-by-code.js';
import { REQUISICOES_LIMITE } from '../../src/engine/contas/list-requisicoes.js';
import { DOCUMENTOS_LIMITE } from '../../src/engine/documentos/list-documents.js';
import { EVENTOS_LIMITE } from '../../src/engine/eventos/list-events.js';
import { LOTE_ITENS_LIMITE } from '../../src/engine/lotes/list-lote-itens.js';
import { LOTES_LIMITE } from '../../src/engine/lotes/list-lotes.js';
import { INUTILIZACOES_LIMITE } from '../../src/engine/nfe/list-inutilizacoes.js';
import { NFE_LIMITE } from '../../src/engine/nfe/list-nfe.js';
import { NFSE_LIMITE } from '../../src/engine/nfse/list-nfse.js';
import type { PageLimit } from '../../src/engine/nucleo/page-limit.js';
import { PRODUTOS_LIMITE } from '../../src/engine/produtos/list-produtos.js';
import { REGRAS_LIMITE } from '../../src/engine/regras-tributarias/list-regras-tributarias.js';
import { ENTREGAS_LIMITE } from '../../src/engine/webhooks/list-deliveries.js';
import { loadOpenApiDocument } from '../../src/rest/rest-api.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const RULES: Record<string, PageLimit> = {
  listNfse: NFSE_LIMITE,
  listNfe: NFE_LIMITE,
  listNfeInutilizacoes: INUTILIZACOES_LIMITE,
  listLotes: LOTES_LIMITE,
  listLoteItens: LOTE_ITENS_LIMITE,
  listEvents: EVENTOS_LIMITE,
  listWebhookDeliveries: ENTREGAS_LIMITE,
  listDocuments: DOCUMENTOS_LIMITE,
  listProdutos: PRODUTOS_LIMITE,
  listRegrasTributarias: REGRAS_LIMITE,
  listServicos: CATALOGO_LIMITE,
  listMunicipios: CATALOGO_LIMITE,
  listRequisicoes: REQUISICOES_LIMITE,
};

type Param = { name: string; in: string; schema?: Record<string, unknown>; 'x-fora-dos-limites'?: string };

/** operationId → its `limite` parameter, for every operation of openapi.yaml that has one. */
function documentedLimits(): Map<string, { path: string; param: Param }> {
  const out = new Map<string, { path: string; param: Param }>();
  for (const [path, item] of Object.entries(
    (loadOpenApiDocument() as { paths: Record<string, Record<string, any>> }).paths,
  )) {
    for (const op of Object.values(item)) {
      const param = (op?.parameters as Param[] | undefined)?.find((p) => p.name === 'limite' && p.in === 'query');
      if (op?.operationId && param) out.set(op.operationId, { path, param });
    }
  }
  return out;
}

describe('limite: openapi.yaml states the rule the engine enforces', () => {
  it('every list documents limite as an integer with the engine bounds, default and out-of-range behaviour', () => {
    const documented = documentedLimits();
    expect([...documented.keys()].sort()).toEqual(Object.keys(RULES).sort());
    for (const [operationId, rule] of Object.entries(RULES)) {
      const { param } = documented.get(operationId)!;
      expect(param.schema, operationId).toEqual({
        type: 'integer',
        minimum: 1,
        maximum: rule.maximo,
        default: rule.padrao,
      });
      expect(param['x-fora-dos-limites'] ?? 'recusa', operationId).toBe(rule.foraDosLimites);
    }
    expect(
      Object.entries(RULES)
        .filter(([, r]) => r.foraDosLimites === 'ajusta')
        .map(([id]) => id),
    ).toEqual(['listNfse']);
  });
});

describe('limite over HTTP', () => {
  let t: TestApp;
  let acct: SeededAccount;
  beforeAll(async () => {
    t = await startTestApp({ worker: false });
    acct = await seedAccount(t.app.engine);
  });
  afterAll(async () => t?.close());

  // The lists whose path needs no resource of their own.
  const ROUTES = [
    'listNfse',
    'listNfe',
    'listNfeInutilizacoes',
    'listLotes',
    'listEvents',
    'listDocuments',
    'listProdutos',
    'listServicos',
    'listMunicipios',
  ];

  it('the maximum is served, anything outside is refused with 400 parametro_invalido naming limite', async () => {
    const http = httpClient(t.url, acct.liveKey);
    const documented = documentedLimits();
    for (const operationId of ROUTES.filter((id) => RULES[id]!.foraDosLimites === 'recusa')) {
      const { path } = documented.get(operationId)!;
      const rule = RULES[operationId]!;
      expect((await http.get(`${path}?limite=${rule.maximo}`)).status, `${path} at the maximum`).toBe(200);
      for (const limite of [String(rule.maximo + 1), '0', '-1', '2.5', 'dez', '9'.repeat(30)]) {
        const res = await http.get(`${path}?limite=${limite}`);
        expect(res.status, `${path}?limite=${limite}: ${res.text}`).toBe(400);
        const message = JSON.stringify(res.body);
        expect(message, path).toContain(`limite: deve ser um inteiro de 1 a ${rule.maximo}.`);
      }
    }
  });

  it('GET /v1/nfse brings any value within 1..100 and never refuses it', async () => {
    const http = httpClient(t.url, acct.liveKey);
    for (const limite of ['101', '0', '-5', 'dez', '9'.repeat(30)]) {
      const res = await http.get(`/v1/nfse?limite=${limite}`);
      expect(res.status, `limite=${limite}: ${res.text}`).toBe(200);
    }
  });
});
