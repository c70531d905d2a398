import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { presentDocument } from './present-document.js';

/** The document of this key's account, environment (and company, for a restricted key), or 404. */
export async function findDocument(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  const doc = isUuid(id)
    ? await deps.db.receivedDocument.findFirst({
        where: {
          id,
          accountId: principal.accountId,
          environment: principal.environment,
          ...(principal.companyId ? { companyId: principal.companyId } : {}),
        },
        include: { eventos: true, manifestacoes: true },
      })
    : null;
  if (!doc)
    throw new EngineError('nao_encontrado', 'Documento não encontrado.', {
      correcao: 'Use o id de GET /v1/documents (o notaId dos eventos).',
    });
  return doc;
}

/** `GET /v1/documents/{id}`: the full document with its events; `{id}` is the `notaId` of the events. */
export async function getDocument(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  const doc = await findDocument(deps, principal, id);
  return presentDocument(doc, doc.eventos, doc.manifestacoes);
}

/** `GET /v1/documents/{id}/xml`: the document exactly as the distribution delivered it. */
export async function getDocumentXml(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  const doc = await findDocument(deps, principal, id);
  return { id: doc.id, chaveAcesso: doc.chaveAcesso, xml: doc.xml };
}
