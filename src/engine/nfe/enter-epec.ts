import type { Nfe } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendEvents } from '../eventos/append-events.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { validateXsd } from '../xml/validate-xsd.js';
import { buildSignedEnvEpec, toEpecContingency } from './epec.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import type { SefazGateway, SefazTarget } from '../autoridades/sefaz/sefaz-gateway.js';
import { extractElement, tag } from '../autoridades/soap-envelope.js';

/** 136: registered, not linked to an NF-e (the note is not at the authority yet); 135 is also a registration. */
const EPEC_REGISTERED = ['135', '136'];

export interface StoredEpec {
  protocolo: string;
  dhRegistro: string;
  /** The signed envEvento as sent and the authority's retEvento, kept as the legal record of the contingency. */
  evento: string;
  retEvento: string;
}

/**
 * The state authority of the UF is down: the never-sent note becomes its tpEmis 4 version (new key,
 * re-signed), whose EPEC event is registered at the national environment; then the note is
 * `contingencia_epec` (internal EPEC_REGISTRADO), its DANFE printable, and the job keeps sending it to the UF.
 * If the national environment refuses or is down too, the note stays `transmitindo` and the job retries.
 */
export async function enterEpec(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'logger'>,
  gateway: SefazGateway,
  note: Nfe,
  target: SefazTarget,
  signer: XmlSigner,
): Promise<NfeView> {
  const now = deps.clock.now();
  const contingency = toEpecContingency(note.xml, note.chaveAcesso, now, signer);
  await loadLibxml2();
  const schemaErrors = validateXsd(contingency.xml, 'NFe');
  if (schemaErrors.length) throw new Error(`NF-e de contingência EPEC fora do schema: ${schemaErrors[0]!.message}`);
  const envEvento = buildSignedEnvEpec(
    contingency.xml,
    contingency.chave,
    target.environment === 'live' ? '1' : '2',
    now,
    signer,
  );
  let retEvento: string | null;
  try {
    retEvento = extractElement(await gateway.registerEpec(envEvento, target), 'retEvento');
  } catch (err) {
    deps.logger.warn({ err, nfeId: note.id }, 'EPEC not registered: the national environment did not answer');
    return presentNfe(note);
  }
  const cStat = retEvento ? tag(retEvento, 'cStat') : null;
  if (!retEvento || !cStat || !EPEC_REGISTERED.includes(cStat)) {
    // 142: EPEC blocked for this issuer; others: a fault of ours. Either way the note waits for its UF.
    deps.logger.warn(
      { nfeId: note.id, cStat, xMotivo: retEvento ? tag(retEvento, 'xMotivo') : null },
      'EPEC refused by the national environment',
    );
    return presentNfe(note);
  }
  const epec: StoredEpec = {
    protocolo: tag(retEvento, 'nProt') ?? '',
    dhRegistro: tag(retEvento, 'dhRegEvento') ?? '',
    evento: envEvento,
    retEvento,
  };
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.nfe.updateMany({
      where: { id: note.id, status: 'transmitindo' },
      data: {
        status: 'contingencia_epec',
        chaveAcesso: contingency.chave,
        xml: contingency.xml,
        epec: { ...epec },
        updatedAt: now,
      },
    });
    const view = presentNfe(await tx.nfe.findUniqueOrThrow({ where: { id: note.id } }));
    if (count === 1)
      await appendEvents(tx, {
        accountId: note.accountId,
        environment: target.environment,
        at: now,
        events: [{ tipo: 'NFE_CONTINGENCIA_EPEC', dados: view }],
      });
    return view;
  });
}
