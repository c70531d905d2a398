import type { ObjectRef } from '@pothos/core';
import { loadCompanies } from '../../engine/empresas/load-companies.js';
import { builder } from '../builder.js';
import type { GraphContext } from '../graph-context.js';
import { CompanyRef } from './empresas.js';
import { principalOf } from './principal-of.js';

/** `empresa` on a note type (NFS-e, NF-e): its company, loaded for a whole page of notes in one statement. */
export function addNoteCompany<T extends { empresa_id: string }>(ref: ObjectRef<any, T>) {
  builder.objectField(ref, 'empresa', (t) =>
    t.loadable({
      type: CompanyRef,
      nullable: true,
      description: "The note's company; null once the company was removed. One statement for a whole page of notes.",
      // Batched within a tick but never cached: a subscription's context lives across events.
      loaderOptions: { cache: false },
      load: (ids: string[], ctx: GraphContext) => loadCompanies(ctx.engine, principalOf(ctx), ids),
      resolve: (note) => note.empresa_id,
    }),
  );
}
