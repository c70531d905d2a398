import type { XmlSigner } from '../xml/sign-xml.js';
import { el, group } from '../xml/el.js';
import { brasilia, VER_PROC } from './build-nfe-xml.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import { accessKeyDv } from '../nucleo/access-key-dv.js';
import { signNfeXml } from '../xml/sign-nfe-xml.js';
import { tag } from '../autoridades/soap-envelope.js';

export const EPEC_EVENT = '110140';
/** Why the note left normal emission (xJust, 15–256 characters), printed on the DANFE and sent in the NF-e. */
export const EPEC_JUSTIFICATIVA = 'SEFAZ autorizadora da UF fora do ar: emissao em contingencia EPEC';

/**
 * The same note in EPEC contingency: tpEmis 4, so a new key (tpEmis is its
 * 35th position; cNF stays, the check digit is recomputed), dhCont and xJust after verProc (the order of
 * leiauteNFe's ide), and a new signature. Everything else stays byte for byte as first signed.
 */
export function toEpecContingency(
  signedNfe: string,
  chave: string,
  dhCont: Date,
  signer: XmlSigner,
): { xml: string; chave: string } {
  const first43 = `${chave.slice(0, 34)}4${chave.slice(35, 43)}`;
  const novaChave = `${first43}${accessKeyDv(first43)}`;
  const unsigned = signedNfe
    .replace(/<Signature[\s>][\s\S]*<\/Signature>/, '')
    .replace(`Id="NFe${chave}"`, `Id="NFe${novaChave}"`)
    .replace('<tpEmis>1</tpEmis>', '<tpEmis>4</tpEmis>')
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${novaChave.slice(43)}</cDV>`)
    .replace('</verProc>', `</verProc>${el('dhCont', brasilia(dhCont))}${el('xJust', EPEC_JUSTIFICATIVA)}`);
  return { xml: signNfeXml(unsigned, signer), chave: novaChave };
}

/**
 * envEvento (envEPEC_v1.00.xsd) with the signed event 110140 of a tpEmis 4 note, for the national environment
 * (cOrgao 91): the summary the authority keeps until the note itself arrives — issuer's IE, recipient's UF and
 * document, vNF, vICMS, vST, read from the note.
 */
export function buildSignedEnvEpec(
  contingencyNfe: string,
  chave: string,
  tpAmb: '1' | '2',
  dhEvento: Date,
  signer: XmlSigner,
): string {
  const emit = /<emit>[\s\S]*<\/emit>/.exec(contingencyNfe)![0];
  const dest = /<dest>[\s\S]*<\/dest>/.exec(contingencyNfe)![0];
  const total = /<ICMSTot>[\s\S]*<\/ICMSTot>/.exec(contingencyNfe)![0];
  // Without the recipient's address the operation is internal (idDest 1): the recipient is in the issuer's UF.
  const destUf = tag(/<enderDest>[\s\S]*<\/enderDest>/.exec(dest)?.[0] ?? '', 'UF') ?? tag(emit, 'UF')!;
  const destDoc = tag(dest, 'CNPJ') !== null ? el('CNPJ', tag(dest, 'CNPJ')) : el('CPF', tag(dest, 'CPF'));
  const detEvento =
    `<detEvento versao="1.00">${el('descEvento', 'EPEC')}${el('cOrgaoAutor', chave.slice(0, 2))}${el('tpAutor', '1')}${el('verAplic', VER_PROC)}` +
    `${el('dhEmi', tag(contingencyNfe, 'dhEmi'))}${el('tpNF', tag(contingencyNfe, 'tpNF'))}${el('IE', tag(emit, 'IE'))}` +
    group(
      'dest',
      el('UF', destUf),
      destDoc,
      el('IE', tag(dest, 'IE')),
      el('vNF', tag(total, 'vNF')),
      el('vICMS', tag(total, 'vICMS')),
      el('vST', tag(total, 'vST')),
    ) +
    '</detEvento>';
  const evento =
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="ID${EPEC_EVENT}${chave}01">${el('cOrgao', '91')}${el('tpAmb', tpAmb)}` +
    `${el('CNPJ', tag(emit, 'CNPJ'))}${el('chNFe', chave)}${el('dhEvento', brasilia(dhEvento))}${el('tpEvento', EPEC_EVENT)}` +
    `${el('nSeqEvento', '1')}${el('verEvento', '1.00')}${detEvento}</infEvento></evento>`;
  // idLote: the note's number (15 digits at most), one lot per EPEC.
  return `<envEvento xmlns="${NFE_NS}" versao="1.00">${el('idLote', String(Number(chave.slice(25, 34))))}${signNfeXml(evento, signer, 'infEvento')}</envEvento>`;
}
