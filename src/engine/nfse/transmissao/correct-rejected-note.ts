import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { signXml } from '../../xml/sign-xml.js';
import { correctDps, type Ajuste } from '../ajustes/index.js';
import { buildDpsId, buildDpsXml } from '../nacional/build-dps-xml.js';
import type { DpsInput } from '../nacional/dps-input.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { updateNote } from '../update-note.js';
import { readJsonColumn, toJsonColumn } from '../../nucleo/json-column.js';

/**
 * After a rejection: when every code of it has an automatic correction (catalogue `correcoes`) and the note was
 * not corrected before, stores the corrected DPS, signed, in place of the rejected one, with the
 * `correcao.<code>` adjustments and the timeline steps (the rejected send, `correcao_automatica`), and returns
 * the note to send again. Null: the rejection settles the note (`rejeitada`).
 *
 * The corrected DPS keeps the rejected one's série and número, so its Id. The national system refuses a second
 * NFS-e for one Id (E0014: the Id already "existe em uma NFS-e gerada") and a rejected DPS generates none, so the
 * Id is free for the correction and every send of the note — the first, the corrected one, any resend after a lost
 * answer — can yield at most one NFS-e between them. A new número would give the note two Ids: an earlier send of
 * the first DPS whose answer was lost could still have produced a note (the national data its rules read can change
 * between sends), nothing at the national side would stop the corrected DPS from producing another, and the
 * recovery query by the note's Id would not see the first. The correction is committed before the resend, and the
 * job still says `mayHaveSent`: a crash after it leads to a query of that Id first, then to a send of the stored
 * corrected DPS, never of the rejected one.
 */
export async function correctRejectedNote(
  deps: TransmissionDeps,
  note: NfseWithTimeline,
  erros: AuthorityMessage[],
  step: string,
  codigoOficial: string | null,
): Promise<NfseWithTimeline | null> {
  const anteriores = readJsonColumn<Ajuste[] | null>(note.ajustes) ?? [];
  // One correction per note: a rejection of the corrected DPS settles it.
  if (anteriores.some((a) => a.regra.startsWith('correcao.')) || !note.dps || !note.dpsXml) return null;
  const company = await deps.db.company.findUnique({
    where: { id: note.companyId },
    select: { inscricaoMunicipal: true },
  });
  const corrected = correctDps({
    dps: readJsonColumn<DpsInput>(note.dps),
    codigos: erros.map((e) => e.codigo).filter(Boolean),
    inscricaoMunicipal: company?.inscricaoMunicipal ?? null,
    municipioTomador: municipioTomador(note.request),
  });
  if (!corrected) return null;
  const { dps } = corrected;
  if (buildDpsId({ cLocEmi: dps.cLocEmi, serie: dps.serie, nDPS: dps.nDPS, ...dps.prest }) !== note.dpsId) {
    throw new Error(`a correção mudaria a identidade da DPS da nota ${note.id}`);
  }
  const { signer } = await companyCredentials(deps, note.companyId);
  const dpsXml = signXml(buildDpsXml(dps), signer, { element: 'infDPS' });
  const codigos = corrected.ajustes.map((a) => a.regra.slice('correcao.'.length));
  deps.logger.info({ nfseId: note.id, codigos }, 'rejection corrected automatically; resending the DPS');
  return updateNote(deps, note.id, {
    expectStatus: 'transmitindo',
    // Only the DPS that was rejected is replaced: another runner of this job that corrected it first wins.
    where: { dpsXml: note.dpsXml },
    data: {
      dps: toJsonColumn(dps),
      dpsXml,
      ajustes: toJsonColumn([...anteriores, ...corrected.ajustes]),
    },
    timeline: [
      { tipo: step, detalhe: { resultado: 'rejeitada', codigo_oficial: codigoOficial } },
      { tipo: 'correcao_automatica', detalhe: { codigos, regras: corrected.ajustes.map((a) => a.regra) } },
    ],
  });
}

function municipioTomador(request: Prisma.JsonValue): string | null {
  const tomador = isObject(request) ? request.tomador : null;
  const endereco = isObject(tomador) ? tomador.endereco : null;
  return isObject(endereco) && typeof endereco.municipio === 'string' ? endereco.municipio : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
