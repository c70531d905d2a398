import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';

/**
 * CNPJ of the SEFAZ that a UF requires in the autXML group of the notes its issuers send. Only BA is known to
 * demand it (SEFAZ-BA, 13.937.073/0001-56, for issuers without an accounting office); a UF missing here gets
 * nothing added.
 */
export const SEFAZ_AUTXML: Readonly<Record<string, string>> = { BA: '13937073000156' };

/** CNPJ/CPF autorizado para download inválido (cstat.csv 323, 325): the authority refused the office's document. */
const ESCRITORIO_RECUSADO = ['323', '325'];
/**
 * In the national 4.00 table 487 is a retired DPEC code ("Nenhuma DPEC localizada para a chave de acesso
 * informada"): DPEC gave way to EPEC, and an authorisation request makes no DPEC query, so from NFeAutorizacao4
 * it cannot mean that. Read here as the UF's own autXML demand (BA uses the 486/487 range for its
 * accounting-office rule): the UF wants its SEFAZ's CNPJ even though the company named an office, so the
 * correction adds it beside the office.
 */
const APOS_487 = '487';
/** Occurrences of autXML in leiauteNFe_v4.00.xsd. */
const MAX_AUTXML = 10;

export interface AutXmlInput {
  /** UF of the issuer (its authority decides the demand). */
  uf: string;
  /** The company's autorizados_xml. */
  escritorio: readonly string[];
  /** The recipient's CPF/CNPJ: never repeated in autXML (rejections 324/326, already authorised). */
  destinatario: string;
  /** cStat of the rejection being corrected (POST /v1/nfe/{id}/correcao), null on a first issue. */
  rejeicaoAnterior?: string | null;
}

/** The documents of the note's autXML groups, in order, and the adjustments that explain them. */
export function autXmlOf(input: AutXmlInput): { documentos: string[]; ajustes: NfeAjuste[] } {
  const sefaz = SEFAZ_AUTXML[input.uf] ?? null;
  const recusado =
    sefaz !== null && input.escritorio.length > 0 && ESCRITORIO_RECUSADO.includes(input.rejeicaoAnterior ?? '');
  const escritorio = recusado ? [] : input.escritorio.filter((d) => d !== input.destinatario);
  const ajustes: NfeAjuste[] = escritorio.length ? [nfeAjuste('nfe_autxml_escritorio')] : [];
  if (!sefaz || input.destinatario === sefaz) return { documentos: escritorio, ajustes };
  if (recusado) return { documentos: [sefaz], ajustes: [nfeAjuste('nfe_autxml_sefaz_escritorio_recusado')] };
  if (input.rejeicaoAnterior === APOS_487) {
    // The SEFAZ goes first so that a full list (10 offices) gives up its last office, not the demanded CNPJ.
    return {
      documentos: [sefaz, ...escritorio.filter((d) => d !== sefaz)].slice(0, MAX_AUTXML),
      ajustes: [...ajustes, nfeAjuste('nfe_autxml_sefaz_apos_487')],
    };
  }
  if (!escritorio.length) return { documentos: [sefaz], ajustes: [nfeAjuste('nfe_autxml_sefaz_sem_escritorio')] };
  return { documentos: escritorio, ajustes };
}

/** The autXML groups (after dest, before det): CNPJ for 14 characters, CPF for 11. */
export function autXmlXml(documentos: readonly string[]): string {
  return documentos
    .map((d) => `<autXML>${d.length === 11 ? `<CPF>${d}</CPF>` : `<CNPJ>${d}</CNPJ>`}</autXML>`)
    .join('');
}
