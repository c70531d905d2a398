import { TABELA_CEST, TABELA_NCM } from '../catalogos/versao-tabela.js';
import type { ErrorItem } from '../errors.js';
import { cest as cestOf, cestAceitaNcm, ncm as ncmOf, ncmVigente } from '../tabelas/index.js';
import { gtinProblem } from './gtin-problem.js';

/** The day used for NCM validity: the calendar date in Brasília (UTC−3, no daylight saving since 2019). */
export function diaFiscal(now: Date): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Checks NCM, CEST and GTIN against the official tables. The CEST is
 * compared with the NCM only when the NCM itself is known, so one wrong NCM gives one error. Messages about a
 * missing code name the table version, since a newer table may have it.
 */
export function checkProdutoCodes(
  codes: { ncm: string; cest: string | null; gtin: string | null },
  dia: string,
): ErrorItem[] {
  const erros: ErrorItem[] = [];
  const entry = ncmOf(codes.ncm);
  if (!entry) {
    erros.push({
      codigo: 'ncm_inexistente',
      campo: '/ncm',
      mensagem: `NCM ${codes.ncm} não existe na tabela NCM do Siscomex (${TABELA_NCM.versao})`,
      correcao: 'Informe o código NCM de 8 dígitos (item ou subitem) da mercadoria; posições e capítulos não servem.',
    });
  } else if (!ncmVigente(entry, dia)) {
    erros.push({
      codigo: 'ncm_fora_de_vigencia',
      campo: '/ncm',
      mensagem:
        entry.fim && entry.fim < dia
          ? `NCM ${codes.ncm} vigorou até ${entry.fim}`
          : `NCM ${codes.ncm} só vigora a partir de ${entry.inicio}`,
      correcao: 'Use o código NCM em vigor para a mercadoria (o código encerrado foi desdobrado em outros).',
    });
  }
  if (codes.cest) {
    const c = cestOf(codes.cest);
    if (!c) {
      erros.push({
        codigo: 'cest_inexistente',
        campo: '/cest',
        mensagem: `CEST ${codes.cest} não existe na tabela CEST do CONFAZ (${TABELA_CEST.versao})`,
        correcao:
          'Informe o CEST de 7 dígitos do anexo do segmento, ou omita o campo se a mercadoria não tem substituição tributária.',
      });
    } else if (entry && !cestAceitaNcm(c, codes.ncm)) {
      erros.push({
        codigo: 'cest_incompativel_ncm',
        campo: '/cest',
        mensagem: `CEST ${codes.cest} (${c.segmento}, item ${c.item}) vale para NCM ${c.ncms.join(', ')}, não para ${codes.ncm}`,
        correcao: 'Escolha o CEST cujo anexo lista o NCM do produto, ou corrija o NCM.',
      });
    }
  }
  if (codes.gtin) {
    const problem = gtinProblem(codes.gtin);
    if (problem) erros.push({ codigo: problem, campo: '/gtin', ...GTIN_MESSAGES[problem](codes.gtin) });
  }
  return erros;
}

const GTIN_MESSAGES = {
  gtin_invalido: (g: string) => ({
    mensagem: `GTIN ${g} deve ter 8, 12, 13 ou 14 dígitos`,
    correcao: 'Informe o código de barras GTIN do produto, ou "SEM GTIN" se ele não tem.',
  }),
  gtin_digito_invalido: (g: string) => ({
    mensagem: `GTIN ${g} tem dígito verificador inválido`,
    correcao: 'Confira o número impresso sob o código de barras (o último dígito é o verificador GS1).',
  }),
  gtin_prefixo_invalido: (g: string) => ({
    mensagem: `GTIN ${g} tem prefixo GS1 reservado a uso interno, cupons ou recibos`,
    correcao:
      'Códigos de circulação restrita não identificam produtos na NF-e; use o GTIN do fabricante ou "SEM GTIN".',
  }),
};
