import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { EngineError } from '../../src/engine/errors.js';
import { previewNfe } from '../../src/engine/nfe/preview-nfe.js';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import { NFE_COMPANY, nfeBody, nfeInput } from '../support/nfe-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// The ICMS relief (desoneração: vICMSDeson, motDesICMS, indDeduzDeson of leiauteNFe_v4.00.xsd, groups ICMS20, 30,
// 40, 70, 90). Its formula is not among the official data the service reads, so modo calcular takes the reason and the
// deduction as profile members and refuses the item, naming why; modo informado carries the caller's values, sums
// them into ICMSTot/vICMSDeson and deducts them from vNF where ind_deduz_deson is 1 (NT 2023.004, W16).

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));

const principal = (): Principal => ({
  accountId: acct.accountId,
  environment: 'test',
  apiKeyId: 'test',
  companyId: null,
});
const engine = () => ({ ...t.app.engine, clock: { now: () => new Date('2026-11-20T15:00:00Z') } });
const sandbox = () => httpClient(t.url, acct.testKey);

async function produto(empresaId: string, icms: Record<string, unknown>) {
  const sku = `DESON-${Date.now().toString(36)}-${++seq}`;
  return sandbox().post('/v1/produtos', {
    empresa_id: empresaId,
    sku,
    descricao: 'Produto de teste',
    unidade: 'UN',
    origem: '0',
    ncm: '84716052',
    tributacao: { icms },
  });
}

async function recusa(empresaId: string, sku: string) {
  const body = nfeInput({
    modo: 'calcular',
    empresa_id: empresaId,
    presenca: 'internet',
    destinatario: nfeBody().destinatario,
    itens: [{ produto: sku, quantidade: '1', valor_unitario: '100' }],
    pagamentos: [{ forma: 'pix' }],
  });
  const err = await previewNfe(engine(), principal(), { body }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError & { extra: { erros: { codigo: string; campo: string; mensagem: string }[] } };
}

describe('ICMS relief (desoneração)', () => {
  it('the profile takes motivo_desoneracao and deduz_desoneracao; a reason outside the layout is refused', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const ok = await produto(c.id, {
      cst: '40',
      motivo_desoneracao: '7',
      deduz_desoneracao: true,
      c_benef: 'SEM CBENEF',
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.tributacao.icms).toMatchObject({ motivo_desoneracao: '7', deduz_desoneracao: true });
    const errado = await produto(c.id, { cst: '40', motivo_desoneracao: '2' });
    expect(errado.status).toBe(422);
    expect(JSON.stringify(errado.body)).toContain('/tributacao/icms/motivo_desoneracao');
  });

  it('calcular: vICMSDeson is outside the coverage, named at v_icms_deson; a reason the CST’s group refuses is 422 on the profile', async () => {
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const suframa = await produto(c.id, {
      cst: '40',
      motivo_desoneracao: '7',
      deduz_desoneracao: true,
      c_benef: 'SEM CBENEF',
    });
    const fora = await recusa(c.id, suframa.body.sku);
    expect(fora.codigo).toBe('nfe_fora_de_cobertura');
    expect(fora.extra.erros[0]).toMatchObject({ campo: '/itens/0/icms/v_icms_deson' });
    expect(fora.extra.erros[0]!.mensagem).toContain('fórmula oficial do vICMSDeson não está nos dados oficiais');
    expect(fora.extra.erros[0]!.mensagem).toContain('mot_des_icms 7 e ind_deduz_deson 1');
    // ICMS20 accepts 3, 9, 10, 11 and 12 (leiauteNFe_v4.00.xsd): SUFRAMA (7) is not one of them.
    const reduzida = await produto(c.id, { cst: '20', reducao_bc: '50', motivo_desoneracao: '7', c_benef: 'RS051901' });
    const recusada = await recusa(c.id, reduzida.body.sku);
    expect(recusada.codigo).toBe('validacao');
    expect(recusada.extra.erros).toEqual([
      expect.objectContaining({ campo: '/itens/0/produto', mensagem: expect.stringContaining('grupo ICMS20') }),
    ]);
    const semGrupo = await produto(c.id, { cst: '00', motivo_desoneracao: '9' });
    const cst00 = await recusa(c.id, semGrupo.body.sku);
    expect(cst00.extra.erros).toEqual([
      expect.objectContaining({
        campo: '/itens/0/produto',
        mensagem: expect.stringContaining('não tem o grupo de desoneração'),
      }),
    ]);
  });

  it('informado: the values sent are summed into vICMSDeson, deducted from vNF with ind_deduz_deson 1, schema-valid', async () => {
    const b = nfeBody();
    // Item 1 (CST 41 → 40, SUFRAMA): vProd 15.00, relieved 1.80 and deducted; item 0 vProd 100.00 (NT 2023.004, W16).
    b.itens[1].icms = { cst: '40', v_icms_deson: '1.80', mot_des_icms: '7', ind_deduz_deson: '1' };
    b.itens[1].c_benef = 'SEM CBENEF';
    b.totais = { valor_icms_desonerado: '1.80' };
    const c = await acct.company({ ...NFE_COMPANY, regime_tributario: 'lucro_real' });
    const p = await previewNfe(engine(), principal(), { body: nfeInput({ ...b, empresa_id: c.id }) });
    const lint = xmllint(p.xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(p.xml).toContain('<vICMSDeson>1.80</vICMSDeson><motDesICMS>7</motDesICMS><indDeduzDeson>1</indDeduzDeson>');
    expect(p.xml).toContain('<ICMSTot><vBC>100.00</vBC><vICMS>12.00</vICMS><vICMSDeson>1.80</vICMSDeson>');
    // The same note without the deduction: vNF 1.80 higher.
    b.itens[1].icms.ind_deduz_deson = '0';
    const semDeduzir = await previewNfe(engine(), principal(), { body: nfeInput({ ...b, empresa_id: c.id }) });
    const vNF = (xml: string) => new Decimal(/<vNF>([^<]*)<\/vNF>/.exec(xml)![1]!);
    expect(vNF(semDeduzir.xml).minus(vNF(p.xml)).toFixed(2)).toBe('1.80');
  });
});
