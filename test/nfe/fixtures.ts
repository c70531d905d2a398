import { expect } from 'vitest';
import { buildNfeXml, type NfeEmitente } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { signNfeXml } from '../../src/engine/nfe/sign-nfe-xml.js';
import { validateNfeRequest } from '../../src/engine/nfe/validate-nfe-request.js';
import { PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../national/fixtures.js';

/** Porto Alegre (RS → SVRS is not its authoriser: RS has its own), Curitiba for an interstate recipient. */
export const PORTO_ALEGRE = '4314902';
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
export const CHAVE_ORIGEM = buildNfeKey({ cUF: '43', emissao: new Date('2026-10-05T12:00:00Z'), documento: TOMA_CNPJ, serie: '1', nNF: 321, cNF: '48151623' }).chave;

/** A complete `informado` request of spec 2.9 (regime normal: CST). */
export function nfeBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    natureza_operacao: 'Venda de mercadoria',
    presenca: 'internet',
    destinatario: {
      documento: TOMA_CNPJ,
      nome: 'Cliente Exemplo Ltda',
      contribuinte: 'contribuinte',
      inscricao_estadual: '9012345678',
      endereco: { logradouro: 'Rua XV de Novembro', numero: '700', bairro: 'Centro', municipio: CURITIBA, cep: '80020310' },
    },
    itens: [
      {
        codigo: 'SKU-1', descricao: 'Teclado USB', ncm: '84716052', cfop: '6102', origem: '0', unidade: 'UN',
        quantidade: '3', valor_unitario: '33.3333', gtin: '7891000100103',
        icms: { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.00' },
        pis: { cst: '01', v_bc: '100.00', p_pis: '1.65', v_pis: '1.65' },
        cofins: { cst: '01', v_bc: '100.00', p_cofins: '7.60', v_cofins: '7.60' },
        ipi: { c_enq: '999', cst: '50', v_bc: '100.00', p_ipi: '5.00', v_ipi: '5.00' },
      },
      {
        codigo: 'SKU-2', descricao: 'Cabo & adaptador <HDMI>', ncm: '85444200', cfop: '6102', origem: '0', unidade: 'UN',
        quantidade: '1.5', valor_unitario: '10.00',
        icms: { cst: '41' }, pis: { cst: '07' }, cofins: { cst: '07' },
      },
    ],
    pagamentos: [{ forma: 'pix', valor: '130.00' }],
    ...overrides,
  };
}

/** Validates `body` (expecting no error), builds and signs its NF-e as note 42 of series 1. */
export function signedNfe(body: Record<string, unknown>, environment: 'test' | 'live' = 'test', emitente = EMITENTE) {
  const v = validateNfeRequest(body, { simples: emitente.crt !== '3', chaveRestritaEmpresa: true, environment });
  expect(v.erros).toEqual([]);
  const emissao = new Date('2026-11-23T15:04:05.678Z');
  const key = buildNfeKey({ cUF: '43', emissao, documento: emitente.cnpj, serie: '1', nNF: 42n });
  const xml = buildNfeXml({ environment, emitente, request: v.request!, serie: '1', numero: 42n, ...key, emissao });
  return { xml: signNfeXml(xml, testIdentity().signer), key, validation: v };
}
