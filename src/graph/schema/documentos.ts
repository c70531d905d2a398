import { getDocument, getDocumentXml } from '../../engine/documentos/get-document.js';
import { countDocuments, documentCursor, listDocuments } from '../../engine/documentos/list-documents.js';
import type { DocumentEventView, DocumentView, ManifestationView } from '../../engine/documentos/present-document.js';
import { manifestDocument } from '../../engine/manifestacao/manifest-document.js';
import { builder } from '../builder.js';
import { assertForward, forwardConnection, pageCost } from './forward-connection.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const DocumentEventRef = builder.objectRef<DocumentEventView>('ReceivedDocumentEvent').implement({
  description: 'A fiscal event captured for the document (cancellation, substitution, manifestation…).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The eventoId of EVENTO_FISCAL_RECEBIDO.' }),
    tipoEvento: t.exposeString('tipoEvento', {
      description: 'Official event code (101101 cancellation, 105102 substitution, …).',
    }),
    nsu: t.exposeString('nsu'),
    ocorridoEm: t.expose('ocorridoEm', { type: 'DateTime', nullable: true }),
    capturadoEm: t.expose('capturadoEm', { type: 'DateTime' }),
  }),
});

const MANIFESTATION_SITUATIONS = ['enviando', 'registrada', 'rejeitada', 'falha_transmissao'] as const;
type ManifestationSituation = (typeof MANIFESTATION_SITUATIONS)[number];
const ManifestationSituationRef = builder.enumType('ManifestationSituation', { values: MANIFESTATION_SITUATIONS });

const ManifestationRef = builder.objectRef<ManifestationView>('DocumentManifestation').implement({
  description: 'A manifestação do destinatário sent for a received NF-e, and the national event service answer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    tipoEvento: t.exposeString('tipoEvento', {
      description: '210200 confirmação, 210210 ciência, 210220 desconhecimento, 210240 operação não realizada.',
    }),
    justificativa: t.exposeString('justificativa', { nullable: true }),
    situacao: t.field({ type: ManifestationSituationRef, resolve: (m) => m.situacao as ManifestationSituation }),
    codigoSefaz: t.exposeString('codigoSefaz', {
      nullable: true,
      description: 'cStat of the event (135 registered, 573, 655, 596…).',
    }),
    motivoSefaz: t.exposeString('motivoSefaz', { nullable: true }),
    protocolo: t.exposeString('protocolo', { nullable: true, description: 'nProt of a registered event.' }),
    registradaEm: t.expose('registradaEm', { type: 'DateTime', nullable: true }),
    enviadaEm: t.expose('enviadaEm', { type: 'DateTime' }),
  }),
});

const LinksRef = builder.objectRef<DocumentView['links']>('ReceivedDocumentLinks').implement({
  fields: (t) => ({ self: t.exposeString('self'), xml: t.exposeString('xml') }),
});

const DOCUMENT_TYPES = ['NFSE', 'NFE', 'CTE'] as const;
type DocumentType = (typeof DOCUMENT_TYPES)[number];
const DocumentTypeRef = builder.enumType('ReceivedDocumentType', { values: DOCUMENT_TYPES });

const DOCUMENT_ROLES = ['RECEBIDA', 'EMITIDA'] as const;
type DocumentRole = (typeof DOCUMENT_ROLES)[number];
const DocumentRoleRef = builder.enumType('ReceivedDocumentRole', {
  description: 'RECEBIDA: the company is the taker/recipient; EMITIDA: the provider/issuer.',
  values: DOCUMENT_ROLES,
});

const DOCUMENT_SITUATIONS = ['ativa', 'cancelada', 'substituida'] as const;
type DocumentSituation = (typeof DOCUMENT_SITUATIONS)[number];
const DocumentSituationRef = builder.enumType('ReceivedDocumentSituation', { values: DOCUMENT_SITUATIONS });

const DocumentRef = builder.objectRef<DocumentView>('ReceivedDocument').implement({
  description: 'An NFS-e, NF-e or CT-e captured from a national distribution for one company.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Equals the notaId of the events.' }),
    empresaId: t.exposeID('empresaId'),
    tipo: t.field({ type: DocumentTypeRef, resolve: (d) => d.tipo as DocumentType }),
    papel: t.field({ type: DocumentRoleRef, resolve: (d) => d.papel as DocumentRole }),
    chaveAcesso: t.exposeString('chaveAcesso'),
    origem: t.exposeString('origem', { description: 'ADN, SEFAZ, PREFEITURA_SP or PREFEITURA_ABRASF.' }),
    nsu: t.exposeString('nsu'),
    numero: t.exposeString('numero', { nullable: true }),
    emitenteDocumento: t.exposeString('emitenteDocumento', { nullable: true }),
    emitenteNome: t.exposeString('emitenteNome', { nullable: true }),
    tomadorDocumento: t.exposeString('tomadorDocumento', { nullable: true }),
    valor: t.expose('valor', { type: 'Decimal', nullable: true }),
    emitidaEm: t.expose('emitidaEm', { type: 'DateTime', nullable: true }),
    situacao: t.field({
      type: DocumentSituationRef,
      description: 'Following the captured events.',
      resolve: (d) => d.situacao as DocumentSituation,
    }),
    nfseId: t.exposeID('nfseId', {
      nullable: true,
      description: 'The note issued by this service that this document is.',
    }),
    manifestacao: t.exposeString('manifestacao', {
      nullable: true,
      description: 'Event code of the latest registered manifestação do destinatário.',
    }),
    capturadoEm: t.expose('capturadoEm', { type: 'DateTime' }),
    links: t.expose('links', { type: LinksRef }),
    eventos: t.expose('eventos', { type: [DocumentEventRef] }),
    manifestacoes: t.expose('manifestacoes', {
      type: [ManifestationRef],
      description: 'Every manifestation sent, oldest first.',
    }),
  }),
});

const DocumentXmlRef = builder
  .objectRef<{ id: string; chaveAcesso: string; xml: string }>('ReceivedDocumentXml')
  .implement({
    fields: (t) => ({ id: t.exposeID('id'), chaveAcesso: t.exposeString('chaveAcesso'), xml: t.exposeString('xml') }),
  });

builder.queryFields((t) => ({
  documents: t.connection({
    type: DocumentRef,
    description:
      'Received and issued documents captured for the companies, newest captured first (production keys only); ' +
      '`first` 1..100 (default 20; out of range is an error, as REST limite). `de`/`ate` are emission dates ' +
      'AAAA-MM-DD (Brasília), inclusive: text judged by the engine as GET /v1/documents judges its parameters.',
    authScopes: { live: true },
    args: {
      empresaId: t.arg.string(),
      tipo: t.arg({ type: DocumentTypeRef }),
      papel: t.arg({ type: DocumentRoleRef }),
      de: t.arg.string(),
      ate: t.arg.string(),
    },
    complexity: pageCost(100, 20),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const filter = { empresaId: args.empresaId, tipo: args.tipo, papel: args.papel, de: args.de, ate: args.ate };
      const page = await listDocuments(ctx.engine, principal, { ...filter, cursor: args.after, limite: args.first });
      return forwardConnection(
        args,
        { nodes: page.itens, hasNextPage: page.proximoCursor !== null },
        documentCursor,
        () => countDocuments(ctx.engine, principal, filter),
      );
    },
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
    complexity: FIELD_WORK.xml,
    type: DocumentXmlRef,
    authScopes: { live: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getDocumentXml(ctx.engine, principalOf(ctx), args.id),
  }),
}));

const ManifestacaoInputRef = builder.inputType('ManifestacaoInput', {
  description: 'Body of POST /v1/documents/{id}/manifestacao.',
  fields: (t) => ({
    tipo: t.string({
      description:
        'Required: confirmacao (210200), ciencia (210210), desconhecimento (210220) or operacao_nao_realizada (210240).',
    }),
    justificativa: t.string({ description: 'Required for operacao_nao_realizada only: 15 to 255 characters.' }),
  }),
});

builder.mutationFields((t) => ({
  manifestDocument: t.field({
    complexity: FIELD_WORK.authority,
    type: DocumentRef,
    description:
      'Manifestação do destinatário for a received NF-e: signed with the company A1 and sent to the national RecepcaoEvento; ' +
      'answers the document with the outcome in manifestacoes (production keys only).',
    authScopes: { live: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: ManifestacaoInputRef, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => manifestDocument(ctx.engine, principalOf(ctx), args.id, args.input),
  }),
}));
