import { beforeAll, describe, expect, it } from 'vitest';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { xmllint } from '../support/external-tools.js';
import { graphql } from '../support/graphql.js';
import { expectProblem, expectStatus, httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let seq = 0;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
});

const body = (extra: Record<string, unknown> = {}) =>
  nfeBody({ empresa_id: companyId, referencia: `PREVIA-${Date.now().toString(36)}-${++seq}`, ...extra });
const sandbox = () => httpClient(t.url, acct.testKey);
const stored = async () => ({
  notes: await t.app.engine.db.nfe.count({ where: { companyId } }),
  sequences: await t.app.engine.db.nfeSequence.findMany({ where: { companyId } }),
});

describe('POST /v1/nfe/previa', () => {
  it('answers the signed XML and a DANFE stamped as a preview; nothing stored, no number taken, the next issuance takes the number shown', async () => {
    const before = await stored();
    const request = body();
    const res = await sandbox().post('/v1/nfe/previa', request);
    const preview = expectStatus(res, 200);
    expect(preview).toMatchObject({ serie: '1', numero: '1', chave_acesso: expect.stringMatching(/^\d{44}$/) });
    expect(preview.ajustes.map((a: { regra: string }) => a.regra)).toContain('nfe_modo_informado');
    expect(preview.xml).toContain(`Id="NFe${preview.chave_acesso}"`);
    expect(preview.xml).toContain('<nNF>1</nNF>');
    expect(preview.xml).not.toContain('protNFe');
    expect(xmllint(preview.xml, 'nfe/nfe_v4.00.xsd').ok).toBe(true);
    const text = pdfText(Buffer.from(preview.danfe_pdf_base64, 'base64'));
    expect(text).toMatch(/PR[ÉE]VIA/);
    expect(text).toMatch(/N[ÃA]O ENVIADA/);
    expect(await stored()).toEqual(before);

    // A second preview shows the same number; the issuance of the same request takes it.
    expect(expectStatus(await sandbox().post('/v1/nfe/previa', request), 200).numero).toBe('1');
    const issued = expectStatus(await sandbox().post('/v1/nfe', request), 201);
    expect(issued.numero).toBe(preview.numero);
    expect(issued.valor_total).toBe(preview.valor_total);
    expect(issued.ajustes).toEqual(expect.arrayContaining(preview.ajustes));
    expect(expectStatus(await sandbox().post('/v1/nfe/previa', body()), 200).numero).toBe('2');
  });

  it('refuses a bad request as issuance does (problem+json, every error with its pointer) and stores nothing', async () => {
    const before = await stored();
    const { natureza_operacao: _omitted, ...request } = body();
    const res = await sandbox().post('/v1/nfe/previa', { ...request, itens: [{ ...request.itens[0], quantidade: 3 }] });
    const problem = expectProblem(res, 422, 'validacao');
    const campos = problem.erros.map((e: { campo: string }) => e.campo);
    expect(campos).toContain('/natureza_operacao');
    expect(campos).toContain('/itens/0/quantidade');
    expect(await stored()).toEqual(before);
  });

  it('refuses a referencia already issued (409 referencia_duplicada with nfe_id) and a company not ready for NF-e (412)', async () => {
    const request = body();
    const issued = expectStatus(await sandbox().post('/v1/nfe', request), 201);
    const duplicate = expectProblem(await sandbox().post('/v1/nfe/previa', request), 409, 'referencia_duplicada');
    expect(duplicate.nfe_id).toBe(issued.id);
    const bare = await acct.company();
    const notReady = expectProblem(
      await sandbox().post('/v1/nfe/previa', nfeBody({ empresa_id: bare.id })),
      412,
      'empresa_nao_pronta',
    );
    expect(notReady.itens.some((i: { situacao: string }) => i.situacao === 'bloqueio')).toBe(true);
    expect(await t.app.engine.db.nfe.count({ where: { companyId: bare.id } })).toBe(0);
  });

  it('is the GraphQL mutation previewNfe', async () => {
    const data = await graphql(
      t.url,
      acct.testKey,
      `
        mutation ($input: NfeInput!) {
          previewNfe(input: $input) {
            __typename
            ... on NfePreview {
              numero
              chaveAcesso
              xml
              danfePdfBase64
            }
            ... on DomainError {
              codigo
            }
          }
        }
      `,
      { input: camelBody(body(), '', []) },
    );
    expect(data.previewNfe.__typename, JSON.stringify(data)).toBe('NfePreview');
    expect(data.previewNfe.xml).toContain(`<nNF>${data.previewNfe.numero}</nNF>`);
    expect(Buffer.from(data.previewNfe.danfePdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
