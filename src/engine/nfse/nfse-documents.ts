import type { Nfse } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { loadCompanyLogo } from '../empresas/load-company-logo.js';
import { EngineError } from '../errors.js';
import { renderDanfseView } from './nacional/render-danfse.js';
import { readDanfseView } from './read-danfse-view.js';
import { findNfse } from './find-nfse.js';
import type { NfseWithTimeline } from './present-nfse.js';

export interface NfseDocumentOptions {
  id: string;
  empresaId?: string | null;
}

export interface NfseXmlDocument {
  nfseId: string;
  chaveAcesso: string;
  status: string;
  /** The NFS-e as the national system returned it (signed; a cancellation is a separate event). */
  xml: string;
}

export interface NfsePdfDocument {
  nfseId: string;
  chaveAcesso: string;
  status: string;
  pdf: Buffer;
}

const pending = (note: NfseWithTimeline) =>
  note.status === 'transmitindo' || note.status === 'aguardando_confirmacao'
    ? 'A nota ainda não foi autorizada; consulte de novo quando estiver autorizada.'
    : `A nota está ${note.status} e não gerou NFS-e.`;

/** `GET /v1/nfse/{id}/xml`: 404 `nao_encontrado` while the note has no XML. */
export async function getNfseXml(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: NfseDocumentOptions,
): Promise<NfseXmlDocument> {
  const note = await findNfse(deps, principal, options);
  if (!note.nfseXml || !note.chaveAcesso) {
    throw new EngineError('nao_encontrado', `A nota ${note.id} ainda não tem XML (status ${note.status}).`, {
      correcao: pending(note),
      extra: { nfse_id: note.id },
    });
  }
  return { nfseId: note.id, chaveAcesso: note.chaveAcesso, status: note.status, xml: note.nfseXml };
}

/**
 * `GET /v1/nfse/{id}/pdf`: the DANFSe rendered from the stored XML (the national DANFSe API is suspended), or, for a
 * note of a municipality's own system, from the note's declared values; a cancelled note is stamped. 409
 * `nfse_sem_pdf` (retentavel) while the note has no XML.
 */
export async function getNfsePdf(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: NfseDocumentOptions,
): Promise<NfsePdfDocument> {
  const note = await findNfse(deps, principal, options);
  if (!note.nfseXml || !note.chaveAcesso) {
    throw new EngineError(
      'nfse_sem_pdf',
      `O PDF da nota ${note.id} ainda não está disponível (status ${note.status}).`,
      { correcao: pending(note), extra: { nfse_id: note.id } },
    );
  }
  const pdf = await renderNfsePdf(deps, { ...note, nfseXml: note.nfseXml });
  return { nfseId: note.id, chaveAcesso: note.chaveAcesso, status: note.status, pdf };
}

/** The DANFSe of a note that has its NFS-e XML, with the company's logo; a cancelled note is stamped. */
export async function renderNfsePdf(deps: Pick<EngineDeps, 'db'>, note: Nfse & { nfseXml: string }): Promise<Buffer> {
  const view = await readDanfseView(note, () =>
    deps.db.company.findFirstOrThrow({
      where: { id: note.companyId, accountId: note.accountId },
      select: { razaoSocial: true, municipio: true },
    }),
  );
  return renderDanfseView(view, {
    cancelada: note.status === 'cancelada',
    logo: await loadCompanyLogo(deps, note.companyId),
  });
}
