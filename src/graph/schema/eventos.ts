import { followEvents } from '../../engine/eventos/follow-events.js';
import { countEvents, listEvents, type EventEntry, type EventFilter } from '../../engine/eventos/list-events.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import { EventTypeRef, type EventType } from './event-type.js';
import { assertForward, forwardConnection, pageCost } from './forward-connection.js';
import { principalOf } from './principal-of.js';

const EventRef = builder.objectRef<EventEntry>('EventLogEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    tipo: t.field({ type: EventTypeRef, resolve: (e) => e.tipo as EventType }),
    ambiente: t.field({ type: AmbienteRef, resolve: (e) => e.ambiente as Ambiente }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
    dados: t.expose('dados', { type: 'JSON' }),
  }),
});

const EventosFiltroRef = builder.inputType('EventosFiltro', {
  description: 'What a dashboard filters the event log on; every member given must hold.',
  fields: (t) => ({
    tipos: t.field({ type: [EventTypeRef], description: 'Any of these types.' }),
    empresaId: t.id({
      description:
        'Events about this company (the company their dados name, empresa_id or empresaId); another company of a restricted key is acesso_negado.',
    }),
    desde: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    ate: t.field({ type: 'DateTime', description: 'Created before.' }),
  }),
});

const OrdemEventosRef = builder.enumType('OrdemEventos', {
  description: 'antigos: oldest first, the integration order (default); recentes: newest first, `after` going back.',
  values: ['antigos', 'recentes'] as const,
});

type EventosFiltro = {
  tipos?: readonly string[] | null;
  empresaId?: string | number | null;
  desde?: Date | null;
  ate?: Date | null;
};

const eventFilterOf = (f: EventosFiltro | null | undefined): EventFilter => ({
  tipos: f?.tipos ?? null,
  empresaId: f?.empresaId == null ? null : String(f.empresaId),
  desde: f?.desde ?? null,
  ate: f?.ate ?? null,
});

builder.queryFields((t) => ({
  eventos: t.connection(
    {
      type: EventRef,
      description:
        'The event log, oldest first after `after` (`ordem: recentes`: newest first, `after` going back); `first` 1..1000 (default 100; out of range is an error, ' +
        "as GET /v1/eventos's limite); 90-day retention. A key restricted to one company sees the events about it and " +
        'those about no company.',
      authScopes: { authenticated: true },
      args: {
        filtro: t.arg({ type: EventosFiltroRef }),
        empresaId: t.arg.id({ description: 'The same as filtro.empresaId (GET /v1/eventos?empresa_id).' }),
        ordem: t.arg({ type: OrdemEventosRef }),
      },
      complexity: pageCost(1000, 100),
      resolve: async (_r, args, ctx) => {
        assertForward(args);
        const principal = principalOf(ctx);
        const filter = eventFilterOf(args.filtro);
        if (args.empresaId != null) filter.empresaId = String(args.empresaId);
        const page = await listEvents(ctx.engine, principal, {
          apos: args.after,
          limite: args.first,
          filter,
          ordem: args.ordem ?? 'antigos',
        });
        const connection = forwardConnection(
          args,
          { nodes: page.eventos, hasNextPage: page.mais },
          (e) => e.cursor,
          () => countEvents(ctx.engine, principal, filter),
        );
        return { ...connection, proximoCursor: page.proximo_cursor };
      },
    },
    {
      name: 'EventLogConnection',
      fields: (c) => ({
        proximoCursor: c.string({
          description:
            'Where to continue later: the last event read, or `after` itself on an empty page (always present, unlike endCursor).',
          // Pothos types a connection's parent by the relay shape, without the fields the resolver adds to it.
          resolve: (connection) => (connection as unknown as { proximoCursor: string }).proximoCursor,
        }),
      }),
    },
  ),
}));

builder.subscriptionFields((t) => ({
  eventos: t.field({
    type: EventRef,
    description:
      "Events of the key's account and environment committed from now on, in log order (the live tail of " +
      '`eventos`); `tipos` keeps only those types. A key restricted to one company sees only its events.',
    authScopes: { authenticated: true },
    args: { tipos: t.arg({ type: [EventTypeRef] }) },
    subscribe: (_r, args, ctx) => followEvents(ctx.engine, principalOf(ctx), { tipos: args.tipos }),
    resolve: (entry) => entry as EventEntry,
  }),
}));
