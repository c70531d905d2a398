import type { Nfse } from '../../../generated/prisma/client.js';
import type { Mail, MailAttachment } from '../../nucleo/mailer.js';
import { readJsonColumn } from '../../nucleo/json-column.js';
import { formatDate, formatDocument, money } from '../nacional/render-danfse.js';
import type { NfseRequest } from '../validacao/nfse-request.js';

export interface NfseEmailParts {
  note: Nfse & { nfseXml: string; chaveAcesso: string };
  company: { razaoSocial: string; cnpj: string };
  /** The DANFSe (renderNfsePdf): stamped when the note is cancelled. */
  pdf: Buffer;
}

interface Cancelamento {
  tipo?: string;
  motivo?: string;
  em?: string;
  substituida_por?: string;
  evento_xml?: string;
}

/**
 * The message of a note as it stands: authorised, its DANFSe and NFS-e XML; cancelled, the stamped DANFSe, the
 * XML and the cancellation event's XML (when the cancellation was an event; a substitution has none of its own).
 */
export function composeNfseEmail({ note, company, pdf }: NfseEmailParts): Omit<Mail, 'to'> {
  const request = readJsonColumn<NfseRequest>(note.request);
  const numero = note.numero ?? note.numeroDps.toString();
  const emitente = `${company.razaoSocial} (CNPJ ${formatDocument(company.cnpj)})`;
  const competencia = note.competencia.replace(/^(\d{4})-(\d{2})$/, '$2/$1');
  const cancelamento = readJsonColumn<Cancelamento | null>(note.cancelamento);
  const attachments: MailAttachment[] = [
    { filename: `nfse-${note.chaveAcesso}.pdf`, contentType: 'application/pdf', content: pdf },
    { filename: `nfse-${note.chaveAcesso}.xml`, contentType: 'application/xml', content: Buffer.from(note.nfseXml) },
  ];
  const greeting = request.tomador?.nome ? `Olá, ${request.tomador.nome}.` : 'Olá.';
  const facts = [
    `Valor: ${money(note.valor.toFixed(2))}`,
    `Competência: ${competencia}`,
    `Chave de acesso: ${note.chaveAcesso}`,
  ];
  if (note.status === 'cancelada' && cancelamento) {
    if (cancelamento.evento_xml)
      attachments.push({
        filename: `cancelamento-${note.chaveAcesso}.xml`,
        contentType: 'application/xml',
        content: Buffer.from(cancelamento.evento_xml),
      });
    const quando = cancelamento.em ? ` em ${formatDate(cancelamento.em.slice(0, 10))}` : '';
    const why =
      cancelamento.tipo === 'substituicao'
        ? `Ela foi substituída por outra NFS-e${cancelamento.substituida_por ? ` (${cancelamento.substituida_por})` : ''}.`
        : `Motivo: ${cancelamento.motivo ?? 'não informado'}.`;
    return {
      subject: `NFS-e nº ${numero} de ${company.razaoSocial} cancelada`,
      text: [
        greeting,
        '',
        `A NFS-e nº ${numero} emitida por ${emitente} foi cancelada${quando}. ${why}`,
        '',
        ...facts,
        '',
        cancelamento.evento_xml
          ? 'Seguem anexos o DANFSe com a marca de cancelamento (PDF), o XML da nota e o XML do evento de cancelamento.'
          : 'Seguem anexos o DANFSe com a marca de cancelamento (PDF) e o XML da nota.',
      ].join('\n'),
      attachments,
    };
  }
  return {
    subject: `NFS-e nº ${numero} emitida por ${company.razaoSocial}`,
    text: [
      greeting,
      '',
      `${emitente} emitiu a NFS-e nº ${numero} para você.`,
      '',
      ...facts,
      '',
      'Seguem anexos o DANFSe (PDF) e o XML da nota.',
    ].join('\n'),
    attachments,
  };
}
