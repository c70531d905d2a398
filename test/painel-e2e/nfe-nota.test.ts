import { describe, expect, it } from 'vitest';
import { cStatMessage } from '../../src/engine/nfe/cstat-message.js';
import { explainRejection } from '../../src/engine/nfe/explain-rejection.js';
import { expectStatus } from '../support/http.js';
import { NFE_COMPANY, nfeBodyTributado } from '../support/nfe-fixtures.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import { screenshot, signIn } from '../support/painel-browser.js';
import { reais } from '../support/reais.js';
import { usePainel, type Painel } from '../support/use-painel.js';

let p: Painel;
usePainel((started) => (p = started));

let seq = 0;
const corpo = (empresaId: string) =>
  nfeBodyTributado({ empresa_id: empresaId, referencia: `painel-nfe-${Date.now().toString(36)}-${++seq}` });

/** The text of the first element `tag` of an XML, or fails. */
const tagOf = (xml: string, tag: string, from = 0) => {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml.slice(from));
  expect(m, `${tag} no XML`).not.toBeNull();
  return m![1]!;
};

const CCE = 'Volume correto: 4 caixas de papelao';
const JUSTIFICATIVA = 'Pedido cancelado pelo cliente antes da saida';

let empresaId: string;
let nota: { id: string; numero: string; serie: string };

describe('the NF-e page, in a real browser', () => {
  it("shows the recipient, the items with their taxes, the totals and the payment as the note's XML has them", async () => {
    empresaId = (await p.acct.company(NFE_COMPANY)).id;
    nota = expectStatus(await p.live.post('/v1/nfe', corpo(empresaId)), 201);
    expectStatus(await p.live.post(`/v1/nfe/${nota.id}/carta-correcao`, { correcao: CCE }), 201);
    const xml = (await p.live.get(`/v1/nfe/${nota.id}/xml`)).text;
    await signIn(p.page, p.t.url, p.email, p.senha);
    await p.page.goto(`${p.t.url}/painel/nfe/${nota.id}`);
    await p.page.getByRole('heading', { level: 1, name: /NF-e/ }).waitFor();

    const dest = (await p.page.locator('[data-destinatario]').textContent())!;
    expect(dest).toContain(tagOf(xml, 'xNome', xml.indexOf('<dest>')));
    expect(dest).toContain(TOMA_CNPJ.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));
    expect(dest).toContain(tagOf(xml, 'IE', xml.indexOf('<dest>')));
    expect(dest).toContain('Contribuinte do ICMS');
    expect(dest).toContain(tagOf(xml, 'xMun', xml.indexOf('<enderDest>')));
    expect(dest).toContain(`UF${tagOf(xml, 'UF', xml.indexOf('<enderDest>'))}`);

    const itens = p.page.locator('[data-itens] tbody tr');
    expect(await itens.count()).toBe((xml.match(/<det /g) ?? []).length);
    const primeiro = (await itens.first().textContent())!;
    const det = xml.indexOf('<det nItem="1">');
    for (const tag of ['cProd', 'xProd', 'NCM', 'CFOP']) expect(primeiro, tag).toContain(tagOf(xml, tag, det));
    // Per item, each tax's value from the item's own group.
    const imposto = xml.indexOf('<imposto>', det);
    const celula = (rotulo: string) => itens.first().locator(`td[data-rotulo="${rotulo}"]`).textContent();
    expect(await celula('ICMS')).toContain(reais(tagOf(xml, 'vICMS', imposto)));
    expect(await celula('ICMS-ST')).toBe(reais(tagOf(xml, 'vICMSST', imposto)));
    expect(await celula('IPI')).toBe(reais(tagOf(xml, 'vIPI', imposto)));
    expect(await celula('PIS')).toBe(reais(tagOf(xml, 'vPIS', imposto)));
    expect(await celula('COFINS')).toBe(reais(tagOf(xml, 'vCOFINS', imposto)));
    expect(await celula('IBS')).toBe(reais(tagOf(xml, 'vIBS', imposto)));
    expect(await celula('CBS')).toBe(reais(tagOf(xml, 'vCBS', imposto)));

    const total = (campo: string) => p.page.locator(`[data-totais] dd[data-total="${campo}"]`).textContent();
    const icmsTot = xml.indexOf('<ICMSTot>');
    const ibsCbsTot = xml.indexOf('<IBSCBSTot>');
    const esperados: Array<[string, string, number]> = [
      ['produtos', 'vProd', icmsTot],
      ['descontos', 'vDesc', icmsTot],
      ['frete', 'vFrete', icmsTot],
      ['icms', 'vICMS', icmsTot],
      ['icmsSt', 'vST', icmsTot],
      ['ipi', 'vIPI', icmsTot],
      ['pis', 'vPIS', icmsTot],
      ['cofins', 'vCOFINS', icmsTot],
      ['ibs', 'vIBS', ibsCbsTot],
      ['cbs', 'vCBS', ibsCbsTot],
      ['total', 'vNF', icmsTot],
    ];
    for (const [campo, tag, de] of esperados) expect(await total(campo), campo).toBe(reais(tagOf(xml, tag, de)));

    const pagamento = (await p.page.locator('[data-pagamentos]').textContent())!;
    expect(pagamento).toContain('PIX');
    expect(pagamento).toContain(reais(tagOf(xml, 'vPag')));
    await screenshot(p.page, 'nfe-nota');
  });

  it('shows the CC-e and the cancellation in words, with their texts and protocols', async () => {
    expectStatus(await p.live.post(`/v1/nfe/${nota.id}/cancelamento`, { justificativa: JUSTIFICATIVA }), 200);
    await p.page.reload();
    await p.page.locator('h1 .situacao', { hasText: 'Cancelada' }).waitFor();
    expect(await p.page.locator('dd[data-cancelamento]').textContent()).toContain(JUSTIFICATIVA);
    const cce = (await p.page.locator('li[data-evento="carta_correcao"]').textContent())!;
    expect(cce).toContain('Carta de correção nº 1');
    expect(cce).toContain(`Correção${CCE}`);
    expect(cce).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(cce).toMatch(/Protocolo\d{15}/);
    const cancelamento = (await p.page.locator('li[data-evento="cancelamento"]').textContent())!;
    expect(cancelamento).toContain(`Justificativa${JUSTIFICATIVA}`);
    expect(await p.page.locator('[data-eventos]').textContent()).not.toMatch(/carta_correcao|110110|110111|[{}"]/);
  });

  it('a rejected note shows the rejection once, with how to correct it', async () => {
    const rejeitada = expectStatus(await p.live.post('/v1/nfe', corpo(empresaId)), 201);
    // Production notes are never simulated, so the authority's refusal is written as the transmission writes it.
    const explicada = explainRejection('539')!;
    const mensagem = cStatMessage('539')!;
    await p.t.app.engine.db.nfe.update({
      where: { id: rejeitada.id },
      data: { status: 'rejeitada', rejeicao: { cStat: '539', mensagem, ...explicada } },
    });
    await p.page.goto(`${p.t.url}/painel/nfe/${rejeitada.id}`);
    const caixa = p.page.locator('[data-rejeicao]');
    await caixa.waitFor();
    expect(await caixa.textContent()).toContain(`Como corrigir: ${explicada.correcao}`);
    const pagina = (await p.page.locator('main').textContent())!;
    expect(pagina.split(mensagem)).toHaveLength(2);
    expect(pagina.split(explicada.correcao)).toHaveLength(2);
    expect(await p.page.locator('[data-itens] tbody tr').count()).toBe(2);
  });

  it('at 390 px wide the recipient, the items and the totals fit the screen', async () => {
    await p.page.goto(`${p.t.url}/painel/nfe/${nota.id}`);
    await p.page.locator('[data-itens]').waitFor();
    await p.page.setViewportSize({ width: 390, height: 844 });
    const largura = await p.page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(390);
    for (const rotulo of ['Descrição', 'Total', 'ICMS', 'CBS']) {
      const box = (await p.page
        .locator(`[data-itens] tbody tr >> nth=0 >> td[data-rotulo="${rotulo}"]`)
        .boundingBox())!;
      expect(box.x, rotulo).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, rotulo).toBeLessThanOrEqual(390);
    }
    await screenshot(p.page, 'nfe-nota-390');
    await p.page.setViewportSize({ width: 1366, height: 768 });
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
