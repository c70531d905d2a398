import { getNfsePdf, getNfseXml } from '../../engine/nfse/nfse-documents.js';
import { builder } from '../builder.js';
import { NfseStatusRef, type NfseStatus } from './nfse.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

interface XmlDoc {
  nfseId: string;
  chaveAcesso: string;
  status: string;
  xml: string;
}

interface PdfDoc {
  nfseId: string;
  chaveAcesso: string;
  status: string;
  pdfBase64: string;
}

const NfseXmlRef = builder.objectRef<XmlDoc>('NfseXml').implement({
  description: 'The authorised NFS-e XML as the national system returned it (signed).',
  fields: (t) => ({
    nfseId: t.exposeID('nfseId'),
    chaveAcesso: t.exposeString('chaveAcesso'),
    status: t.field({ type: NfseStatusRef, resolve: (d) => d.status as NfseStatus }),
    xml: t.exposeString('xml'),
  }),
});

const NfseDanfseRef = builder.objectRef<PdfDoc>('NfseDanfse').implement({
  description: 'The DANFSe (PDF) of an authorised note, base64; a cancelled note is stamped.',
  fields: (t) => ({
    nfseId: t.exposeID('nfseId'),
    chaveAcesso: t.exposeString('chaveAcesso'),
    status: t.field({ type: NfseStatusRef, resolve: (d) => d.status as NfseStatus }),
    pdfBase64: t.exposeString('pdfBase64'),
  }),
});

builder.queryFields((t) => ({
  nfseXml: t.field({
    complexity: FIELD_WORK.xml,
    type: NfseXmlRef,
    description:
      'The NFS-e XML of a note (id, referencia or chave_acesso). DomainError nao_encontrado before authorisation.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: (_r, args, ctx) =>
      getNfseXml(ctx.engine, principalOf(ctx), {
        id: args.id,
        empresaId: args.empresaId ? String(args.empresaId) : null,
      }),
  }),
  nfseDanfse: t.field({
    complexity: FIELD_WORK.pdf,
    type: NfseDanfseRef,
    description: 'The DANFSe PDF of a note. DomainError nfse_sem_pdf (retentavel) while it is not authorised.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: async (_r, args, ctx) => {
      const doc = await getNfsePdf(ctx.engine, principalOf(ctx), {
        id: args.id,
        empresaId: args.empresaId ? String(args.empresaId) : null,
      });
      return {
        nfseId: doc.nfseId,
        chaveAcesso: doc.chaveAcesso,
        status: doc.status,
        pdfBase64: doc.pdf.toString('base64'),
      };
    },
  }),
}));
