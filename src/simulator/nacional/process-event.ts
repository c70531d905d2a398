import { readCertificatePem } from '../../engine/certificados/certificate.js';
import { readXml } from '../../engine/nfse/nacional/read-xml.js';
import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { buildEventoXml } from './build-evento-xml.js';
import { formatBrasilia } from './send-json.js';
import { simError, type SimError } from './sim-error.js';
import type { Scenario } from './scenario.js';
import type { SimulatorContext } from './simulator-context.js';
import type { StoredEvent } from './simulator-state.js';

export type ProcessEventOutcome = { ok: true; event: StoredEvent } | { ok: false; errors: SimError[] };

/** Default for `rejeitar` on events: cancellation deadline expired (E0822, Anexo II). */
export const DEFAULT_EVENT_REJECTION_CODE = 'E0822';

const LINKED_EVENT_NAMES: Record<string, string> = {
  cancelada: 'Cancelamento de NFS-e',
  substituida: 'Cancelamento de NFS-e por Substituição',
};

/** Event elements of TCInfPedReg (tiposEventos_v1.01.xsd). */
const EVENT_TYPES = [
  '101101',
  '105102',
  '101103',
  '105104',
  '105105',
  '202201',
  '203202',
  '204203',
  '205204',
  '202205',
  '203206',
  '204207',
  '205208',
  '305101',
  '305102',
  '305103',
];

interface PedReg {
  id: string;
  tpAmb: string;
  chNFSe: string;
  cnpjAutor?: string;
  cpfAutor?: string;
  tipo: string;
}

function readPedReg(xml: string): PedReg {
  return readXml(xml, (r) => ({
    id: r.text('/n:pedRegEvento/n:infPedReg/@Id') ?? '',
    tpAmb: r.text('/n:pedRegEvento/n:infPedReg/n:tpAmb') ?? '',
    chNFSe: r.text('/n:pedRegEvento/n:infPedReg/n:chNFSe') ?? '',
    cnpjAutor: r.text('/n:pedRegEvento/n:infPedReg/n:CNPJAutor'),
    cpfAutor: r.text('/n:pedRegEvento/n:infPedReg/n:CPFAutor'),
    tipo: EVENT_TYPES.find((t) => r.has(`/n:pedRegEvento/n:infPedReg/n:e${t}`)) ?? '',
  }));
}

/** Anexo II checks the simulator enforces for a cancellation (101101); on success the note becomes 'cancelada'. */
export function processEvent(
  ctx: SimulatorContext,
  chave: string,
  xml: string,
  scenario: Scenario,
): ProcessEventOutcome {
  const xsdErrors = validateXsd(xml, 'pedRegEvento');
  if (xsdErrors.length > 0) return { ok: false, errors: [simError('E1235', xsdErrors[0].message)] };
  const sig = verifyXmlSignature(xml, 'infPedReg');
  if (!sig.valid) return { ok: false, errors: [simError(sig.reason === 'missing' ? 'E1989' : 'E1980', sig.detail)] };
  const ped = readPedReg(xml);
  if (ped.id !== `PRE${ped.chNFSe}${ped.tipo}` || ped.chNFSe !== chave)
    return { ok: false, errors: [simError('E1827')] };
  const note = ctx.state.note(chave);
  if (!note) return { ok: false, errors: [simError('E1831')] };
  const errors: SimError[] = [];
  if (note.tpAmb !== ped.tpAmb) errors.push(simError('E1845'));
  const signer = readCertificatePem(sig.certificatePem).cnpj;
  if (ped.cnpjAutor && signer?.slice(0, 8) !== ped.cnpjAutor.slice(0, 8)) errors.push(simError('E0812'));
  if (ped.tipo !== '101101') errors.push(simError('E1242', 'O simulador registra apenas o evento 101101'));
  if (note.status !== 'autorizada') {
    // E0840's message names the event already linked to the note (<nome_evento_vinculado_a_NFS-e>).
    errors.push(simError('E0840', `Evento vinculado: ${LINKED_EVENT_NAMES[note.status]}`));
  }
  if (errors.length === 0 && scenario.kind === 'rejeitar')
    errors.push(simError(scenario.codes[0] ?? DEFAULT_EVENT_REJECTION_CODE, 'Rejeição simulada (X-Simulador-Cenario)'));
  if (errors.length > 0) return { ok: false, errors };

  const dhProc = formatBrasilia(ctx.clock());
  const nDFSe = ctx.state.nextDFSe(note.tpAmb);
  const eventoXml = buildEventoXml({
    pedRegId: ped.id,
    nSeqEvento: 1,
    dhProc,
    nDFSe,
    pedRegEventoXml: xml,
    signer: ctx.signer,
  });
  const event: StoredEvent = {
    chave,
    tpAmb: note.tpAmb,
    nDFSe,
    tipoEvento: ped.tipo,
    nSeqEvento: 1,
    dhProc,
    xml: eventoXml,
  };
  ctx.state.addEvent(event);
  ctx.state.setStatus(chave, 'cancelada');
  return { ok: true, event };
}
