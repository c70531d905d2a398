import { SignedXml } from 'xml-crypto';
import {
  C14N,
  ENVELOPED,
  RSA_SHA1,
  RSA_SHA256,
  SHA1,
  SHA256,
  signCanonicalXml,
} from '../../../xml/sign-canonical-xml.js';
import { pemBody, type XmlSigner } from '../../../xml/sign-xml.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';

/** What an ABRASF 1.00 signature covers and where its Signature goes, by the family's schema. */
export type Assinatura1 =
  /** InfRps, LoteRps, InfPedidoCancelamento: Reference URI="#<Id>", Signature as the element's next sibling. */
  | { elemento: 'InfRps' | 'LoteRps' | 'InfPedidoCancelamento'; tipo: 'rps' | 'lote' | 'cancelamento' }
  /** A query's root: Signature as its last child, Reference URI="#<Id>" where the root has one, "" otherwise. */
  | { elemento: 'raiz'; tipo: 'consultas' | 'consultaRps' };

/** The local name of a document's root element. */
const ROOT_NAME = /^(?:<\?xml[^>]*\?>)?\s*<(?:[\w.-]+:)?([\w.-]+)/;

/**
 * Enveloped XML-DSig (C14N 1.0, the profile's algorithm, KeyInfo with the certificate only), on the element of
 * the message the family signs; left unsigned where the family's profile does not ask for that signature (each is
 * optional in the 1.00 schemas). The element is signed in place, inside the whole message, so its canonical form
 * carries the namespaces the message declares. Signed with the subset canonicaliser (which admits the messages'
 * `m:`/`t:` prefixes), and with xml-crypto for a message outside it or when `engine` asks for it; both write the same
 * bytes.
 */
export function signAbrasf1Xml(
  xml: string,
  signer: XmlSigner,
  assinatura: Assinatura1,
  perfil: PerfilAbrasf1,
  engine: 'auto' | 'xml-crypto' = 'auto',
): string {
  if (!perfil.assinaturas[assinatura.tipo]) return xml;
  const sha1 = perfil.algoritmo === 'sha1';
  const raiz = assinatura.elemento === 'raiz';
  const element = raiz ? ROOT_NAME.exec(xml)?.[1] : assinatura.elemento;
  const fast =
    engine === 'auto' && element
      ? signCanonicalXml({
          xml,
          element,
          privateKey: signer.privateKey,
          certificateBase64: pemBody(signer.certificatePem),
          algorithm: perfil.algoritmo,
          idAttribute: perfil.idAtributo,
          placement: raiz ? 'append' : 'after',
          prefixes: true,
        })
      : null;
  if (fast !== null) return fast;
  const xpath = raiz ? '/*' : `//*[local-name(.)='${assinatura.elemento}']`;
  const semId = raiz && !new RegExp(`^<[^>]*\\s${perfil.idAtributo}="`).test(xml);
  const sig = new SignedXml({
    privateKey: signer.privateKey as never,
    publicCert: signer.certificatePem,
    signatureAlgorithm: sha1 ? RSA_SHA1 : RSA_SHA256,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${pemBody(signer.certificatePem)}</X509Certificate></X509Data>`,
  });
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: sha1 ? SHA1 : SHA256, isEmptyUri: semId });
  sig.computeSignature(xml, { location: { reference: xpath, action: raiz ? 'append' : 'after' } });
  return sig.getSignedXml();
}
