import type { ParametrosMunicipio } from '../../src/engine/tabelas/index.js';
import {
  validateNfseRequest,
  type EmpresaContexto,
  type ValidationContext,
} from '../../src/engine/nfse/validacao/index.js';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { SentBody } from '../../src/engine/nucleo/read-body.js';
import type { ValidationIssue } from '../../src/engine/nucleo/validation-issue.js';

export const CNPJ_PRESTADOR = '11222333000181';
export const CNPJ_FILIAL_PRESTADOR = '11222333000262';
export const CNPJ_TOMADOR = '54550752000155';
export const CNPJ_ALFANUMERICO = '12ABC34501DE35';
export const CPF_TOMADOR = '52998224725';
export const AGORA = new Date('2026-11-15T12:00:00Z');

export function empresa(over: Partial<EmpresaContexto> = {}): EmpresaContexto {
  return {
    id: 'emp-1',
    cnpj: CNPJ_PRESTADOR,
    municipio: '3550308',
    regime_tributario: 'lucro_presumido',
    regime_apuracao_simples: null,
    inscricao_municipal: null,
    padroes: {},
    ...over,
  };
}

export function contexto(over: Partial<ValidationContext> = {}): ValidationContext {
  return { empresa: empresa(), chaveRestritaEmpresa: false, now: AGORA, ...over };
}

/** A valid body; tests change one thing at a time. */
export function corpo(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    empresa_id: 'emp-1',
    referencia: 'pedido-123',
    competencia: '2026-11',
    tomador: { documento: CNPJ_TOMADOR, nome: 'Cliente Ltda', email: 'financeiro@cliente.com.br' },
    valor: '1500.00',
    servico: {
      descricao: 'Desenvolvimento de sistema',
      codigo_nacional: '010101',
      aliquota_iss: '2.00',
      iss_retido: false,
    },
    ...over,
  };
}

export function servico(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(corpo().servico as Record<string, unknown>), ...over };
}

/** Fixed municipal parameters for rule tests (independent of the shipped table). */
export function params(
  over: Partial<ParametrosMunicipio> = {},
  aliquotas: Record<string, string> = {},
): ParametrosMunicipio {
  return {
    ibge: '3550308',
    nome: 'São Paulo',
    uf: 'SP',
    convenio: 'nacional',
    exigeToken: false,
    inscricaoMunicipal: 'informar',
    aliquotaOficial: (codigo) => aliquotas[codigo] ?? null,
    fonte: 'teste',
    observacao: null,
    versao: 'teste',
    convenioOrigem: 'ato',
    convenioConhecido: true,
    convenioFonte: 'teste',
    convenioDesde: null,
    consultadoEm: null,
    ...over,
  };
}

/** Validates a body written in the API's names: the engine takes it in its declared shape, as REST maps it. */
export function validar(body: unknown, ctx: ValidationContext = contexto()) {
  const issues: ValidationIssue[] = [];
  return validateNfseRequest(new SentBody(camelBody(body, '', issues), issues), ctx);
}
