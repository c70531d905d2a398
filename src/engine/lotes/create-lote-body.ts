import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { objectMember } from '../nfse/validacao/member-schemas.js';

export const AO_VALIDAR = ['emitir_validas', 'aguardar'] as const;
export const EMPRESA_OBRIGATORIA = {
  mensagem: 'O empresa_id é obrigatório.',
  correcao: 'Informe o id da empresa de GET /v1/companies.',
};
export const ITENS_OBRIGATORIOS = {
  mensagem: 'O lote precisa de uma lista itens com ao menos uma nota.',
  correcao: 'Envie itens: [{referencia, tomador, valor, servico}, …].',
};

/**
 * The body of `POST /v1/lotes` (GraphQL `LoteInput`), or the form fields beside a spreadsheet. Each line of
 * `itens` is an NFS-e request that the batch keeps and validates in the background with `nfseBody`, so here it
 * is only a list; that it is not empty and within the key's limit is `createLote`'s, as the lines may come from
 * the spreadsheet. An empty `ao_validar` means the default; a company id that is not text names no company.
 */
export const createLoteBody = declareBody(
  objectMember(
    {
      empresaId: v.nullish(
        v.string(issueMessage(EMPRESA_OBRIGATORIA.mensagem, EMPRESA_OBRIGATORIA.correcao, 'campo_obrigatorio')),
      ),
      aoValidar: v.optional(
        v.pipe(
          v.unknown(),
          v.check(
            (s) => s === '' || (AO_VALIDAR as readonly unknown[]).includes(s),
            (i) =>
              issueMessage(
                `ao_validar inválido: ${JSON.stringify(i.input)}.`,
                'Use emitir_validas (padrão) ou aguardar.',
              ),
          ),
          v.transform((s) => (s === '' ? 'emitir_validas' : s) as (typeof AO_VALIDAR)[number]),
        ),
      ),
      itens: v.optional(
        v.pipe(
          v.unknown(),
          v.check(
            (x) => Array.isArray(x),
            issueMessage(ITENS_OBRIGATORIOS.mensagem, ITENS_OBRIGATORIOS.correcao, 'tipo_invalido'),
          ),
          v.transform((x) => x as unknown[]),
        ),
      ),
    },
    (key) => ({ mensagem: `Campo desconhecido: ${key}.`, correcao: 'Use apenas empresa_id, ao_validar, itens.' }),
  ),
);

export type CreateLoteBody = BodyOf<typeof createLoteBody>;
