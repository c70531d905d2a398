import { type JobPayload } from '../fila/job-payload.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { findNfse } from './find-nfse.js';
import { presentNfse, type NfseWithTimeline } from './present-nfse.js';
import type { DpsInput } from './nacional/dps-input.js';
import type { NfseRequest } from './validacao/nfse-request.js';
import { providerOfNote } from './provedores/resolve-nfse-provider.js';
import type { ProviderDocument } from './provedores/nfse-provider.js';
import { Prisma } from '../../generated/prisma/client.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { competenciaDe } from './ajustes/competencia-de.js';
import { scenarioAfterConfirmation } from './simulator-scenario.js';
import { updateNote } from './update-note.js';
import { readJsonColumn } from '../nucleo/json-column.js';

/** The note's document signed again with another competence, by its issuing system, under the same id. */
async function resignWithCompetence(
  deps: TransmissionDeps,
  note: NfseWithTimeline,
  competencia: string,
): Promise<ProviderDocument> {
  const dps = { ...readJsonColumn<DpsInput>(note.dps), dCompet: `${competencia}-01` };
  // The stored request is the API's snake_case shape the note was validated from: the members a system reads are its.
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: note.companyId },
    include: { certificate: true },
  });
  const { signer } = await companyCredentials(deps, note.companyId, company.certificate);
  const document = providerOfNote(deps, note).buildDocument({
    environment: note.environment as 'live',
    company,
    request: readJsonColumn<NfseRequest>(note.request),
    dps,
    signer,
  });
  // Another id (the company's registration changed since) could let both documents yield a note.
  if (document.id !== note.dpsId)
    throw new Error(`a nova competência mudaria a identidade do documento da nota ${note.id}`);
  return document;
}

const COMPETENCIA = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * `POST /v1/nfse/{id}/confirmacao`: a note `aguardando_confirmacao` goes back into transmission,
 * keeping its competence or taking the one given. The DPS keeps its number: it never reached the national
 * system, so the same Id cannot yield a second note.
 */
export async function confirmNfse(
  deps: TransmissionDeps,
  principal: Principal,
  options: { id: string; competencia?: string | null },
) {
  const note = await findNfse(deps, principal, { id: options.id });
  if (note.status !== 'aguardando_confirmacao') {
    throw new EngineError('nfse_nao_aguarda_confirmacao', `A nota está ${note.status}, não aguardando_confirmacao.`, {
      correcao: 'Só confirme notas em aguardando_confirmacao.',
    });
  }
  const competencia = options.competencia ?? note.competencia;
  // The current month is Brasília's (competenciaDe), as when the competence was first derived.
  if (!COMPETENCIA.test(competencia) || competencia > competenciaDe(deps.clock.now())) {
    throw new EngineError('validacao', 'Competência inválida.', {
      extra: {
        erros: [
          {
            codigo: 'competencia_invalida',
            campo: '/competencia',
            mensagem: 'Use AAAA-MM, até o mês atual.',
            correcao: 'Informe a competência como "2026-11".',
          },
        ],
      },
    });
  }
  const now = deps.clock.now();
  const document = competencia === note.competencia ? null : await resignWithCompetence(deps, note, competencia);
  const updated = await deps.db.$transaction(async (tx) => {
    const changed = await updateNote(
      deps,
      note.id,
      {
        expectStatus: 'aguardando_confirmacao',
        data: {
          status: 'transmitindo',
          competencia,
          ...(document && { dpsXml: document.xml, dadosDocumento: document.dados ?? Prisma.DbNull }),
          simulacao: scenarioAfterConfirmation(note.simulacao),
        },
        timeline: [{ tipo: 'confirmada', detalhe: { competencia } }],
      },
      tx,
    );
    if (changed) {
      // Query first: an earlier send may have arrived even though its answer was lost.
      const payload: JobPayload = { mayHaveSent: true, competenciaConfirmada: competencia };
      await tx.transmissionJob.create({
        data: {
          id: newId(),
          nfseId: note.id,
          kind: 'consultar',
          priority: 0,
          runAt: now,
          createdAt: now,
          payload: payload as object,
        },
      });
    }
    return changed;
  });
  if (!updated)
    throw new EngineError('nfse_nao_aguarda_confirmacao', 'A nota mudou de status durante a confirmação.', {
      correcao: 'Consulte a nota.',
    });
  return presentNfse(updated);
}
