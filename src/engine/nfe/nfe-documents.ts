import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { loadCompanyLogo } from '../empresas/load-company-logo.js';
import { EngineError } from '../errors.js';
import type { StoredEpec } from './enter-epec.js';
import { findNfe } from './find-nfe.js';
import { renderDanfe } from './render-danfe.js';
import { readJsonColumn } from '../nucleo/json-column.js';

export interface NfeXmlDocument {
  nfeId: string;
  chaveAcesso: string;
  status: string;
  xml: string;
}

/** `GET /v1/nfe/{id}/xml`: the procNFe (NFe + protNFe) once the authority answered with a protocol. */
export async function getNfeXml(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
): Promise<NfeXmlDocument> {
  const note = await findNfe(deps, principal, id);
  return { nfeId: note.id, chaveAcesso: note.chaveAcesso, status: note.status, xml: procOf(note) };
}

/**
 * `GET /v1/nfe/{id}/pdf`: the DANFE rendered locally from the procNFe; a cancelled note is stamped. In EPEC
 * contingency it is the EPEC DANFE of the tpEmis 4 NFe with the event's protocol — the document that lets the
 * goods travel before the UF authorises the note.
 */
export async function getNfePdf(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
): Promise<NfeXmlDocument & { pdf: Buffer }> {
  const note = await findNfe(deps, principal, id);
  const logo = await loadCompanyLogo(deps, note.companyId);
  if (note.status === 'contingencia_epec') {
    const epec = readJsonColumn<StoredEpec>(note.epec);
    const pdf = await renderDanfe(note.xml, {
      epec: { protocolo: epec.protocolo, dhRegistro: epec.dhRegistro },
      logo,
    });
    return { nfeId: note.id, chaveAcesso: note.chaveAcesso, status: note.status, xml: note.xml, pdf };
  }
  const xml = procOf(note);
  return {
    nfeId: note.id,
    chaveAcesso: note.chaveAcesso,
    status: note.status,
    xml,
    pdf: await renderDanfe(xml, { cancelada: note.status === 'cancelada', logo }),
  };
}

function procOf(note: Nfe): string {
  if (note.status !== 'autorizada' && note.status !== 'cancelada') {
    throw new EngineError(
      'nfe_sem_documento',
      `A NF-e ${note.id} não está autorizada (status ${note.status}): não há procNFe nem DANFE.`,
      {
        correcao:
          note.status === 'transmitindo' || note.status === 'aguardando_confirmacao'
            ? 'Aguarde a autorização (GET /v1/nfe/{id} ou o webhook NFE_AUTORIZADA) e tente de novo.'
            : 'Só uma NF-e autorizada tem XML de distribuição e DANFE.',
        extra: { nfe_id: note.id },
      },
    );
  }
  return note.procXml!;
}
