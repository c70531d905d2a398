import { followEvents } from '../../engine/eventos/follow-events.js';
import { listEvents, type EventEntry } from '../../engine/eventos/list-events.js';
import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';

const EventRef = builder.objectRef<EventEntry>('EventLogEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    tipo: t.exposeString('tipo'),
    ambiente: t.exposeString('ambiente'),
    criadoEm: t.exposeString('criado_em'),
    dados: t.expose('dados', { type: 'JSON' }),
  }),
});

const EventPageRef = builder.objectRef<{ eventos: EventEntry[]; proximo_cursor: string }>('EventLogPage').implement({
  fields: (t) => ({
    eventos: t.expose('eventos', { type: [EventRef] }),
    proximoCursor: t.exposeString('proximo_cursor'),
  }),
});

builder.queryFields((t) => ({
  eventos: t.field({
    type: EventPageRef,
    description: 'The event log (spec 6.5), oldest first after the cursor `apos`; 90-day retention.',
    authScopes: { authenticated: true },
    args: { apos: t.arg.string(), limite: t.arg.string() },
    errors: {},
    resolve: (_r, args, ctx) => listEvents(ctx.engine, principalOf(ctx), { apos: args.apos ?? undefined, limite: args.limite ?? undefined }),
  }),
}));

builder.subscriptionFields((t) => ({
  eventos: t.field({
    type: EventRef,
    description:
      'Events of the key\'s account and environment committed from now on, in log order (the live tail of ' +
      '`eventos`); `tipos` keeps only those types. A key restricted to one company sees only its events.',
    authScopes: { authenticated: true },
    args: { tipos: t.arg.stringList() },
    subscribe: (_r, args, ctx) => followEvents(ctx.engine, principalOf(ctx), { tipos: args.tipos }),
    resolve: (entry) => entry as EventEntry,
  }),
}));
