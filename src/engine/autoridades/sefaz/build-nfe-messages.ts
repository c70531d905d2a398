import { el } from '../../xml/el.js';
import { NFE_NS } from '../../xml/nfe-ns.js';

/** enviNFe of one signed NFe, synchronous (indSinc 1: the answer carries protNFe). */
export function buildEnviNFe(signedNfe: string, idLote: string): string {
  return `<enviNFe xmlns="${NFE_NS}" versao="4.00">${el('idLote', idLote)}${el('indSinc', '1')}${signedNfe.replace(/^<\?xml[^>]*\?>/, '')}</enviNFe>`;
}

/** consSitNFe: the authority's view of one access key (NFeConsultaProtocolo4). */
export function buildConsSitNFe(chave: string, tpAmb: '1' | '2'): string {
  return `<consSitNFe xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('xServ', 'CONSULTAR')}${el('chNFe', chave)}</consSitNFe>`;
}

/** consStatServ: is the authoriser of this UF in operation (107)? (NfeStatusServico4.) */
export function buildConsStatServ(cUF: string, tpAmb: '1' | '2'): string {
  return `<consStatServ xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('cUF', cUF)}${el('xServ', 'STATUS')}</consStatServ>`;
}

/**
 * consCad 2.00 (CadConsultaCadastro4): the registration of a CNPJ or CPF in one UF. The message has no tpAmb: the
 * environment is the endpoint's.
 */
export function buildConsCad(uf: string, documento: { tipo: 'cpf' | 'cnpj'; numero: string }): string {
  return (
    `<ConsCad xmlns="${NFE_NS}" versao="2.00"><infCons>${el('xServ', 'CONS-CAD')}${el('UF', uf)}` +
    `${el(documento.tipo === 'cnpj' ? 'CNPJ' : 'CPF', documento.numero)}</infCons></ConsCad>`
  );
}
