import type { DocumentManifestation, ReceivedDocument, ReceivedDocumentEvent } from '../../generated/prisma/client.js';

export interface DocumentEventView {
  id: string;
  tipoEvento: string;
  nsu: string;
  ocorridoEm: Date | null;
  capturadoEm: Date;
}

export interface ManifestationView {
  id: string;
  tipoEvento: string;
  justificativa: string | null;
  /** enviando | registrada | rejeitada | falha_transmissao */
  situacao: string;
  codigoSefaz: string | null;
  motivoSefaz: string | null;
  protocolo: string | null;
  registradaEm: Date | null;
  enviadaEm: Date;
}

export interface DocumentView {
  id: string;
  empresaId: string;
  tipo: string;
  papel: string;
  chaveAcesso: string;
  origem: string;
  nsu: string;
  numero: string | null;
  emitenteDocumento: string | null;
  emitenteNome: string | null;
  tomadorDocumento: string | null;
  valor: string | null;
  emitidaEm: Date | null;
  situacao: string;
  nfseId: string | null;
  /** Latest registered manifestação do destinatário (event code), received NF-e only. */
  manifestacao: string | null;
  capturadoEm: Date;
  links: { self: string; xml: string };
  eventos: DocumentEventView[];
  manifestacoes: ManifestationView[];
}

/** The API view of a received document, in camelCase; `id` is the `notaId` of its events. */
export function presentDocument(
  d: ReceivedDocument,
  eventos: ReceivedDocumentEvent[] = [],
  manifestacoes: DocumentManifestation[] = [],
): DocumentView {
  return {
    id: d.id,
    empresaId: d.companyId,
    tipo: d.tipo,
    papel: d.papel,
    chaveAcesso: d.chaveAcesso,
    origem: d.origem,
    nsu: String(d.nsu),
    numero: d.numero,
    emitenteDocumento: d.emitenteDocumento,
    emitenteNome: d.emitenteNome,
    tomadorDocumento: d.tomadorDocumento,
    valor: d.valor === null ? null : d.valor.toFixed(2),
    emitidaEm: d.emitidaEm,
    situacao: d.situacao,
    nfseId: d.nfseId,
    manifestacao: d.manifestacao,
    capturadoEm: d.createdAt,
    links: { self: `/v1/documents/${d.id}`, xml: `/v1/documents/${d.id}/xml` },
    eventos: eventos
      .sort((a, b) => (a.nsu < b.nsu ? -1 : 1))
      .map((e) => ({
        id: e.id,
        tipoEvento: e.tipoEvento,
        nsu: String(e.nsu),
        ocorridoEm: e.ocorridoEm,
        capturadoEm: e.createdAt,
      })),
    manifestacoes: manifestacoes
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((m) => ({
        id: m.id,
        tipoEvento: m.tipoEvento,
        justificativa: m.justificativa,
        situacao: m.situacao,
        codigoSefaz: m.cStat,
        motivoSefaz: m.xMotivo,
        protocolo: m.protocolo,
        registradaEm: m.registradaEm,
        enviadaEm: m.createdAt,
      })),
  };
}
