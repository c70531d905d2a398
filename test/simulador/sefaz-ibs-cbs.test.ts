// The SEFAZ simulator rejects the IBS/CBS groups an item's CST and cClassTrib forbid or require with NT 2025.002's
// codes, the same ones the service refuses with before sending (check-ibs-cbs-groups.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { httpSefazGateway } from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import type { NfeIbsCbs } from '../../src/engine/nfe/nfe-request.js';
import { extractElement } from '../../src/engine/autoridades/soap-envelope.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { testIdentity } from '../support/nfse-fixtures.js';
import { EMITENTE, IBS_CBS, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';
import { xmllint } from '../support/external-tools.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-02' };
let n = 500n;

/**
 * An informado note whose first item carries `ibsCbs` as the service would build it, signed; the service's own
 * check is bypassed so that the simulator judges the XML.
 */
function signedWith(ibsCbs: NfeIbsCbs, alterar: (xml: string) => string = (x) => x) {
  const request = validateNfeRequest(nfeBody(), ctx).request!;
  request.itens[0]!.ibs_cbs = ibsCbs;
  const emissao = new Date();
  const numero = ++n;
  const key = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '1', nNF: numero });
  const xml = buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero, ...key, emissao });
  const signed = signNfeXml(alterar(xml), testIdentity().signer);
  const lint = xmllint(signed, 'nfe/nfe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return { xml: signed, chave: key.chave };
}

let sim: Simulator;
let gateway: ReturnType<typeof httpSefazGateway>;
beforeAll(async () => {
  sim = createSimulator({ delays: { slowMs: 50 } });
  const url = await sim.listen(0);
  const base = `${url}${SEFAZ_NFE_PATH}`;
  gateway = httpSefazGateway({ urls: { test: base, live: null }, simulatorUrl: () => base, timeoutMs: 1500 });
});
afterAll(async () => {
  await sim?.close();
  await gateway?.close();
});

async function cStat(nfe: { xml: string; chave: string }) {
  const { cert } = testIdentity();
  const soap = await gateway.authorize({
    environment: 'test',
    cUF: '43',
    simulacao: null,
    credentials: { privateKeyPem: cert.privateKeyPem, certificatePem: cert.certificatePem, serial: 'teste' },
    ...nfe,
  });
  const ret = extractElement(soap!, 'retEnviNFe')!;
  return {
    cStat: /<infProt>.*<cStat>(\d+)<\/cStat>/.exec(ret)?.[1],
    xMotivo: /<infProt>.*<xMotivo>([^<]*)<\/xMotivo>/.exec(ret)?.[1],
  };
}

describe('SEFAZ simulator: IBS/CBS groups by CST and cClassTrib', () => {
  it('CST 510 without gDif: the service refuses with 1030 and the simulator rejects the same XML with 1030', async () => {
    const semDif = { ...IBS_CBS, cst: '510', c_class_trib: '510001', v_ibs: '0.10' };
    const [a, b] = nfeBody().itens;
    const recusa = validateNfeRequest(nfeBody({ itens: [{ ...a, ibs_cbs: semDif }, b] }), ctx).erros[0];
    expect(recusa).toMatchObject({ campo: '/itens/0/ibs_cbs/p_dif_ibs_uf', codigo_oficial: '1030' });
    expect(await cStat(signedWith(semDif))).toEqual({
      cStat: '1030',
      xMotivo: 'Rejeição: CST do IBS/CBS informado obriga informação de diferimento Estadual',
    });
  });

  it('550003 without gTribRegular is 1065 on both sides; the complete note is authorised', async () => {
    const suspenso = {
      ...IBS_CBS,
      cst: '550',
      c_class_trib: '550003',
      p_ibs_uf: '0',
      v_ibs_uf: '0.00',
      p_cbs: '0',
      v_cbs: '0.00',
      v_ibs: '0.00',
    };
    const [a, b] = nfeBody().itens;
    expect(validateNfeRequest(nfeBody({ itens: [{ ...a, ibs_cbs: suspenso }, b] }), ctx).erros[0]).toMatchObject({
      codigo_oficial: '1065',
    });
    expect((await cStat(signedWith(suspenso))).cStat).toBe('1065');
    const regular = {
      cst_reg: '000',
      c_class_trib_reg: '000001',
      p_aliq_efet_reg_ibs_uf: '0.10',
      v_trib_reg_ibs_uf: '0.10',
      p_aliq_efet_reg_ibs_mun: '0',
      v_trib_reg_ibs_mun: '0.00',
      p_aliq_efet_reg_cbs: '0.90',
      v_trib_reg_cbs: '0.90',
    };
    expect((await cStat(signedWith({ ...suspenso, ...regular }))).cStat).toBe('100');
  });

  it('amounts: a CBS of 0.95 on 100.00 at 0.9 % is 1069 on both sides; a CBS rate of 9 % in 2026 is 1037', async () => {
    const [a, b] = nfeBody().itens;
    const errado = { ...IBS_CBS, v_cbs: '0.95', v_ibs: '0.10' };
    expect(validateNfeRequest(nfeBody({ itens: [{ ...a, ibs_cbs: errado }, b] }), ctx).erros[0]).toMatchObject({
      codigo_oficial: '1069',
    });
    expect((await cStat(signedWith(errado))).cStat).toBe('1069');
    expect((await cStat(signedWith({ ...IBS_CBS, p_cbs: '9', v_cbs: '9.00', v_ibs: '0.10' }))).cStat).toBe('1037');
  });

  // gIBSCBSMono (NT 2025.002 UB84a-10, UB104-10, W58-10); the ad rem rates are the example's, not the law's.
  it('monophasic 620001: without gMonoPadrao 1125, a wrong item total 1070, a wrong gMono total 1092; the whole note is authorised', async () => {
    const padrao = {
      cst: '620',
      c_class_trib: '620001',
      q_bc_mono: '1000',
      ad_rem_ibs: '0.1234',
      ad_rem_cbs: '0.5678',
      v_ibs_mono: '123.40',
      v_cbs_mono: '567.80',
      v_tot_ibs_mono_item: '123.40',
      v_tot_cbs_mono_item: '567.80',
    };
    const [a, b] = nfeBody().itens;
    const sem = { cst: '620', c_class_trib: '620001', v_tot_ibs_mono_item: '0', v_tot_cbs_mono_item: '0' };
    expect(validateNfeRequest(nfeBody({ itens: [{ ...a, ibs_cbs: sem }, b] }), ctx).erros[0]).toMatchObject({
      campo: '/itens/0/ibs_cbs/q_bc_mono',
      codigo_oficial: '1125',
    });
    expect(await cStat(signedWith(sem))).toEqual({
      cStat: '1125',
      xMotivo: 'Rejeição: Não informada a Tributação Monofásica de Combustível',
    });
    const totalErrado = { ...padrao, v_tot_ibs_mono_item: '130.00' };
    expect(validateNfeRequest(nfeBody({ itens: [{ ...a, ibs_cbs: totalErrado }, b] }), ctx).erros[0]).toMatchObject({
      codigo_oficial: '1070',
    });
    expect(await cStat(signedWith(totalErrado))).toEqual({
      cStat: '1070',
      xMotivo: 'Rejeição: Valor do IBS monofásico difere do calculado',
    });
    const somaErrada = signedWith(padrao, (xml) =>
      xml.replace('<gMono><vIBSMono>123.40</vIBSMono>', '<gMono><vIBSMono>123.50</vIBSMono>'),
    );
    expect(await cStat(somaErrada)).toEqual({
      cStat: '1092',
      xMotivo: 'Rejeição: Total do IBS monofásico difere da soma dos itens',
    });
    expect((await cStat(signedWith(padrao))).cStat).toBe('100');
  });
});
