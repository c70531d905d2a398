import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * The ISSnet platform's ABRASF 2.04 service, in every municipality the provider table places on it. The schema is
 * the ABRASF 2.04 model unchanged; the operations and SOAPAction rule are the ABRASF WSDL's. How single notes go,
 * the lot size, the signatures asked, the placement of the messages and the message codes are the most likely
 * values (an integration's report and the ABRASF defaults), not the provider's statement.
 */
export const ISSNET_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'ISSNet',
  esquema: 'issnet/2.04/uninfe/nfse_v2-04.xsd',
  dados: 'escapado',
  emissao: 'RecepcionarLoteRpsSincrono',
  ...PRATICA_ABRASF_2,
  incertos: ['emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'cabecalho', 'codigos'],
};
