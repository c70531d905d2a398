import { Prisma, type Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError, type ErrorItem } from '../errors.js';
import { nfeJob } from './run-nfe-job.js';
import { jobSettings } from '../fila/job-settings.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { signedNfe, validatedNfe } from './create-nfe.js';
import { findNfe } from './find-nfe.js';
import { checkNfeScenario, awaitNfeOutcome } from './issue-nfe.js';
import { NFE_REGRAS_VERSAO, type NfeAjuste } from './nfe-ajuste.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { sumTotais } from './sum-totais.js';
import { toJsonColumn } from '../nucleo/json-column.js';

export interface CorrectNfeOptions {
  id: string;
  /** The whole issuance request again, corrected. */
  body: unknown;
  simular?: string | null;
  waitSeconds?: number;
}

/**
 * `POST /v1/nfe/{id}/correcao`: a rejected NF-e never existed at the authority, so its number is
 * still the caller's. The body is judged exactly as `POST /v1/nfe` (same validator, codes and pointers); the note
 * keeps its series and number and gets a new access key (new cNF, and the AAMM of the new emission date, which
 * the key must match), is signed again and goes through the same transmission job. Only `rejeitada` (else 409).
 */
export async function correctNfe(
  deps: TransmissionDeps,
  principal: Principal,
  options: CorrectNfeOptions,
): Promise<NfeView> {
  const simular = checkNfeScenario(principal, options.simular ?? null);
  const note = await findNfe(deps, principal, options.id);
  assertRejected(note);
  const cStat = (note.rejeicao as { cStat?: string } | null)?.cStat ?? '999';
  // The rejection being corrected decides the autXML adjustments that answer it (nfe_autxml_sefaz_apos_487, …).
  const { body, company, request, ajustes, autXml } = await validatedNfe(deps, principal, options.body, cStat);
  const serie = request.serie ?? company.serieNfe ?? '1';
  const erros = correctionMismatches(note, { empresaId: company.id, serie, referencia: request.referencia });
  if (erros.length)
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros },
    });

  const now = deps.clock.now();
  const { key, xml } = await signedNfe(deps, principal, company, {
    request,
    serie: note.serie,
    numero: note.numero,
    emissao: now,
    autXml,
  });
  const correcao: NfeAjuste = {
    campo: '',
    acao: 'derivado',
    motivo: `Correção da NF-e rejeitada (cStat ${cStat}): mesma série e número; nova chave de acesso (cNF novo e AAMM da nova emissão) no lugar de ${note.chaveAcesso}.`,
    regra: `nfe_correcao_${cStat}`,
    versao: NFE_REGRAS_VERSAO,
    fonte: 'MOC 4.00 (chave de acesso: cNF, AAMM)',
  };
  await deps.db.$transaction(async (tx) => {
    // Guarded by the status: two corrections at once transmit one note, the other is 409.
    const { count } = await tx.nfe.updateMany({
      where: { id: note.id, status: 'rejeitada' },
      data: {
        status: 'transmitindo',
        request: body as Prisma.InputJsonValue,
        chaveAcesso: key.chave,
        xml,
        simulacao: simular,
        procXml: null,
        protocolo: null,
        rejeicao: Prisma.DbNull,
        authorizedAt: null,
        ajustes: toJsonColumn([...ajustes, correcao]),
        valorTotal: new Prisma.Decimal(sumTotais(request.itens).vNF),
        updatedAt: now,
      },
    });
    if (count !== 1) assertRejected(await tx.nfe.findUniqueOrThrow({ where: { id: note.id } }));
    await tx.transmissionJob.create({
      data: nfeJob(note.id, now, jobSettings(deps).leaseMs, deps.trace?.traceparent() ?? null),
    });
  });
  return awaitNfeOutcome(deps, note.id, options.waitSeconds);
}

/** What a correction may not change of the rejected note: its company, series and number, and its reference. */
function correctionMismatches(
  note: Nfe,
  correction: { empresaId: string; serie: string; referencia: string | null | undefined },
): ErrorItem[] {
  const erros: ErrorItem[] = [];
  if (correction.empresaId !== note.companyId) {
    erros.push({
      codigo: 'empresa_diferente_da_nota',
      campo: '/empresa_id',
      mensagem: 'A correção é da mesma empresa da NF-e rejeitada.',
      correcao: `Envie empresa_id ${note.companyId}.`,
    });
  }
  if (correction.serie !== note.serie) {
    erros.push({
      codigo: 'serie_diferente_da_nota',
      campo: '/serie',
      mensagem: `A correção mantém a série ${note.serie} e o número ${note.numero} da NF-e rejeitada.`,
      correcao: `Envie serie "${note.serie}" ou omita-a.`,
    });
  }
  if (correction.referencia !== undefined && correction.referencia !== note.referencia) {
    erros.push({
      codigo: 'referencia_diferente_da_nota',
      campo: '/referencia',
      mensagem: 'A correção mantém a referência da NF-e rejeitada.',
      correcao: note.referencia ? `Envie referencia "${note.referencia}" ou omita-a.` : 'Omita referencia.',
    });
  }
  return erros;
}

function assertRejected(note: Nfe): void {
  if (note.status !== 'rejeitada') {
    throw new EngineError('nfe_nao_rejeitada', `Só uma NF-e rejeitada pode ser corrigida (esta está ${note.status}).`, {
      correcao:
        note.status === 'autorizada'
          ? 'Uma NF-e autorizada se corrige com carta de correção (POST /v1/nfe/{id}/carta-correcao) ou se cancela.'
          : 'Consulte a NF-e: só o status rejeitada aceita correção.',
      extra: { nfe: presentNfe(note) },
    });
  }
}
