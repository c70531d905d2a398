import { expect } from 'vitest';
import { buildNfeXml, type NfeEmitente } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { checkNfeBody, type NfeValidation, type NfeValidationContext } from '../../src/engine/nfe/check-nfe-body.js';
import { nfeBody as nfeBodyDeclaration } from '../../src/engine/nfe/nfe-body.js';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { bodyIssues } from '../../src/engine/nucleo/read-body.js';
import type { ValidationIssue } from '../../src/engine/nucleo/validation-issue.js';
import { PREST_CNPJ, TOMA_CNPJ, testIdentity } from './nfse-fixtures.js';

/** Porto Alegre (RS → SVRS is not its authoriser: RS has its own), Curitiba for an interstate recipient. */
export const PORTO_ALEGRE = '4314902';

/** A company ready to issue NF-e: state registration, series and address in Porto Alegre (RS). */
export const NFE_COMPANY = {
  municipio: PORTO_ALEGRE,
  inscricao_estadual: '0960012345',
  serie_nfe: '1',
  endereco: { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro Historico', cep: '90020007' },
};
export const CURITIBA = '4106902';

export const EMITENTE: NfeEmitente = {
  cnpj: PREST_CNPJ,
  razaoSocial: 'EMPRESA DEMONSTRACAO LTDA',
  inscricaoEstadual: '0960012345',
  municipio: PORTO_ALEGRE,
  endereco: { logradouro: 'Rua dos Andradas', numero: '1001', bairro: 'Centro Historico', cep: '90020007' },
  crt: '3',
};

/** A valid key of another note, for chave_referenciada. */
export const CHAVE_ORIGEM = buildNfeKey({
  cUF: '43',
  emissao: new Date('2026-10-05T12:00:00Z'),
  documento: TOMA_CNPJ,
  serie: '1',
  nNF: 321,
  cNF: '48151623',
}).chave;

/**
 * A REST body (the API's snake_case names) judged as `POST /v1/nfe` judges it: mapped once to the declared shape,
 * then the declaration (nfeBody) and the rules that need the company (checkNfeBody).
 */
export function validateNfeRequest(body: unknown, ctx: NfeValidationContext): NfeValidation {
  const issues: ValidationIssue[] = [];
  return checkNfeBody(bodyIssues(nfeBodyDeclaration, camelBody(body, '', issues), issues), ctx);
}

/** A REST body in the declared shape the engine takes (what GraphQL's typed input carries). */
export function nfeInput(body: Record<string, unknown>): Record<string, unknown> {
  return camelBody(body, '', []) as Record<string, unknown>;
}

/** A complete `informado` request  (regime normal: CST). */
export function nfeBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    natureza_operacao: 'Venda de mercadoria',
    presenca: 'internet',
    destinatario: {
      documento: TOMA_CNPJ,
      nome: 'Cliente Exemplo Ltda',
      contribuinte: 'contribuinte',
      inscricao_estadual: '9012345678',
      endereco: {
        logradouro: 'Rua XV de Novembro',
        numero: '700',
        bairro: 'Centro',
        municipio: CURITIBA,
        cep: '80020310',
      },
    },
    itens: [
      {
        codigo: 'SKU-1',
        descricao: 'Teclado USB',
        ncm: '84716052',
        cfop: '6102',
        origem: '0',
        unidade: 'UN',
        quantidade: '3',
        valor_unitario: '33.3333',
        gtin: '7891000100103',
        icms: { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.00' },
        pis: { cst: '01', v_bc: '100.00', p_pis: '1.65', v_pis: '1.65' },
        cofins: { cst: '01', v_bc: '100.00', p_cofins: '7.60', v_cofins: '7.60' },
        ipi: { c_enq: '999', cst: '50', v_bc: '100.00', p_ipi: '5.00', v_ipi: '5.00' },
      },
      {
        codigo: 'SKU-2',
        descricao: 'Cabo & adaptador <HDMI>',
        ncm: '85444200',
        cfop: '6102',
        origem: '0',
        unidade: 'UN',
        quantidade: '1.5',
        valor_unitario: '10.00',
        // RS checks cBenef for CSTs with a benefit (NT 2019.001 rule N12-85) and accepts the literal for 40 and 41.
        c_benef: 'SEM CBENEF',
        icms: { cst: '41' },
        pis: { cst: '07' },
        cofins: { cst: '07' },
      },
    ],
    pagamentos: [{ forma: 'pix', valor: '130.00' }],
    ...overrides,
  };
}

export const IBS_CBS = {
  cst: '000',
  c_class_trib: '000001',
  v_bc: '100.00',
  p_ibs_uf: '0.1',
  v_ibs_uf: '0.10',
  p_ibs_mun: '0',
  v_ibs_mun: '0.00',
  p_cbs: '0.9',
  v_cbs: '0.90',
};

/** Item 0 with ST, FCP-ST, IPI, discount, freight, insurance and other expenses; item 1 with deducted desoneration. */
export function nfeBodyTributado(extra: Record<string, unknown> = {}) {
  const [a, b] = nfeBody().itens;
  return nfeBody({
    transporte: { modalidade: 'remetente' },
    itens: [
      {
        ...a,
        desconto: '10.00',
        frete: '15.5',
        seguro: '2.00',
        outras_despesas: '1.25',
        ibs_cbs: { ...IBS_CBS },
        icms: {
          cst: '10',
          mod_bc: '3',
          v_bc: '100.00',
          p_icms: '12',
          v_icms: '12.00',
          mod_bc_st: '4',
          p_mva_st: '40',
          v_bc_st: '140.00',
          p_icms_st: '18',
          v_icms_st: '13.20',
          v_bc_fcp_st: '140.00',
          p_fcp_st: '2',
          v_fcp_st: '2.80',
        },
      },
      {
        ...b,
        icms: { cst: '40', v_icms_deson: '1.80', mot_des_icms: '9', ind_deduz_deson: '1' },
        ibs_cbs: { cst: '410', c_class_trib: '410001' },
      },
    ],
    pagamentos: [{ forma: 'pix', valor: '200.00' }],
    ...extra,
  });
}

/** Validates `body` (expecting no error), builds and signs its NF-e as note 42 of series 1. */
export function signedNfe(body: Record<string, unknown>, environment: 'test' | 'live' = 'test', emitente = EMITENTE) {
  const emissao = new Date('2026-11-23T15:04:05.678Z');
  const ctx = { simples: emitente.crt !== '3', chaveRestritaEmpresa: true, environment, dia: '2026-11-23' };
  const v = validateNfeRequest(body, ctx);
  expect(v.erros).toEqual([]);
  const key = buildNfeKey({ cUF: '43', emissao, documento: emitente.cnpj, serie: '1', nNF: 42n });
  const xml = buildNfeXml({ environment, emitente, request: v.request!, serie: '1', numero: 42n, ...key, emissao });
  return { xml: signNfeXml(xml, testIdentity().signer), key, validation: v };
}
