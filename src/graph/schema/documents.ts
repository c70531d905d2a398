import { getDocument, getDocumentXml } from '../../engine/documentos/get-document.js';
import { listDocuments } from '../../engine/documentos/list-documents.js';
import type { DocumentEventView, DocumentView } from '../../engine/documentos/present-document.js';
import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';

const DocumentEventRef = builder.objectRef<DocumentEventView>('ReceivedDocumentEvent').implement({
  description: 'A fiscal event captured for the document (cancellation, substitution, manifestation…).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The eventoId of EVENTO_FISCAL_RECEBIDO.' }),
    tipoEvento: t.exposeString('tipoEvento', { description: 'Official event code (101101 cancellation, 105102 substitution, …).' }),
    nsu: t.exposeString('nsu'),
    ocorridoEm: t.expose('ocorridoEm', { type: 'DateTime', nullable: true }),
    capturadoEm: t.expose('capturadoEm', { type: 'DateTime' }),
  }),
});

const LinksRef = builder.objectRef<DocumentView['links']>('ReceivedDocumentLinks').implement({
  fields: (t) => ({ self: t.exposeString('self'), xml: t.exposeString('xml') }),
});

const DocumentRef = builder.objectRef<DocumentView>('ReceivedDocument').implement({
  description: 'An NFS-e, NF-e or CT-e captured from a national distribution for one company (spec 2.10).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Equals the notaId of the events.' }),
    empresaId: t.exposeID('empresaId'),
    tipo: t.exposeString('tipo', { description: 'NFSE, NFE or CTE.' }),
    papel: t.exposeString('papel', { description: 'RECEBIDA (taker/recipient) or EMITIDA (provider/issuer).' }),
    chaveAcesso: t.exposeString('chaveAcesso'),
    origem: t.exposeString('origem', { description: 'ADN, SEFAZ or PREFEITURA_SP.' }),
    nsu: t.exposeString('nsu'),
    numero: t.exposeString('numero', { nullable: true }),
    emitenteDocumento: t.exposeString('emitenteDocumento', { nullable: true }),
    emitenteNome: t.exposeString('emitenteNome', { nullable: true }),
    tomadorDocumento: t.exposeString('tomadorDocumento', { nullable: true }),
    valor: t.expose('valor', { type: 'Decimal', nullable: true }),
    emitidaEm: t.expose('emitidaEm', { type: 'DateTime', nullable: true }),
    situacao: t.exposeString('situacao', { description: 'ativa, cancelada or substituida, following the captured events.' }),
    nfseId: t.exposeID('nfseId', { nullable: true, description: 'The note issued by this service that this document is.' }),
    capturadoEm: t.expose('capturadoEm', { type: 'DateTime' }),
    links: t.expose('links', { type: LinksRef }),
    eventos: t.expose('eventos', { type: [DocumentEventRef] }),
  }),
});

const DocumentPageRef = builder.objectRef<{ itens: DocumentView[]; proximoCursor: string | null }>('ReceivedDocumentPage').implement({
  fields: (t) => ({
    itens: t.expose('itens', { type: [DocumentRef] }),
    proximoCursor: t.exposeString('proximoCursor', { nullable: true }),
  }),
});

const DocumentXmlRef = builder.objectRef<{ id: string; chaveAcesso: string; xml: string }>('ReceivedDocumentXml').implement({
  fields: (t) => ({ id: t.exposeID('id'), chaveAcesso: t.exposeString('chaveAcesso'), xml: t.exposeString('xml') }),
});

builder.queryFields((t) => ({
  documents: t.field({
    type: DocumentPageRef,
    description: 'Received and issued documents captured for the companies (production keys only).',
    authScopes: { live: true },
    args: {
      cursor: t.arg.string(),
      limite: t.arg.string(),
      empresaId: t.arg.string(),
      tipo: t.arg.string(),
      papel: t.arg.string(),
      de: t.arg.string(),
      ate: t.arg.string(),
    },
    errors: {},
    resolve: (_r, args, ctx) => listDocuments(ctx.engine, principalOf(ctx), args),
  }),
  document: t.field({
    type: DocumentRef,
    description: 'One captured document with its events (production keys only).',
    authScopes: { live: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getDocument(ctx.engine, principalOf(ctx), args.id),
  }),
  documentXml: t.field({
    type: DocumentXmlRef,
    authScopes: { live: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getDocumentXml(ctx.engine, principalOf(ctx), args.id),
  }),
}));
