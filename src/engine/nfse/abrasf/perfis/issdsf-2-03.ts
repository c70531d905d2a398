import { ABRASF_NS, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';
import { DSF_2_03 } from './dsf-2-03.js';

/**
 * The ISSDSF variant of DSF's ABRASF 2.03 service (the provider table's `ISSDSF` rows of family DSF, Campo Grande):
 * the same `notafiscal-abrasfv203-ws/NotaFiscalSoap` wire as DSF_2_03 — the message inline as the child of `<Op>` in
 * the ABRASF WSDL namespace, no header, an empty SOAPAction, the answer's `…Resposta` element inline — but its schema
 * declares the ABRASF target namespace with qualified elements, so every message is written in it. Message roots,
 * types, `Id` attributes and the signatures of the RPS, lot, cancellation and substitution are DSF 2.03's; the queries
 * carry no Signature (the schema has none there). The schema is a library's copy and the wire a library's reading of
 * the service, not the provider's statement.
 */
export const ISSDSF_2_03: PerfilFamiliaAbrasf = {
  ...DSF_2_03,
  provedores: ['ISSDSF'],
  esquema: 'dsf/2.03-issdsf-campo-grande/acbr/nfse.xsd',
  namespaceDados: ABRASF_NS,
  // The wrapper's namespace is read from DSF's wire, not from a statement of this variant's.
  incertos: [...DSF_2_03.incertos, 'namespaceWsdl'],
};
