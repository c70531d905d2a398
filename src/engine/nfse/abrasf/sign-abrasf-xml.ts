import { signXml, type XmlSigner } from '../../xml/sign-xml.js';
import { atributoIdAbrasf, type PerfilAbrasf } from './perfil-abrasf.js';

export type AbrasfSignedElement =
  'InfDeclaracaoPrestacaoServico' | 'LoteRps' | 'InfPedidoCancelamento' | 'SubstituicaoNfse';

const REQUIRED: Record<AbrasfSignedElement, keyof PerfilAbrasf['assinaturas']> = {
  InfDeclaracaoPrestacaoServico: 'rps',
  LoteRps: 'lote',
  InfPedidoCancelamento: 'cancelamento',
  SubstituicaoNfse: 'substituicao',
};

/**
 * ABRASF XML-DSig (manual 2.04 §7.3.3): enveloped, C14N 1.0, the profile's algorithm (RSA-SHA1/SHA-1 as the manual
 * fixes it), Reference URI="#<Id>" of the element, the Signature as its next sibling, KeyInfo with the certificate
 * only. Left unsigned where the city's profile does not ask for that signature (each is optional in the XSD); a
 * family whose elements carry no identifier has nothing a Reference could point at, so its profile asks for none.
 */
export function signAbrasfXml(
  xml: string,
  signer: XmlSigner,
  element: AbrasfSignedElement,
  perfil: PerfilAbrasf,
): string {
  if (!perfil.assinaturas[REQUIRED[element]]) return xml;
  const idAttribute = atributoIdAbrasf(perfil);
  if (!idAttribute)
    throw new Error(`Perfil ${perfil.familia} ${perfil.versao} pede assinatura sem atributo identificador`);
  return signXml(xml, signer, { element, algorithm: perfil.algoritmo, idAttribute });
}
