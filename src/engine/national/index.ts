// Public API of the national NFS-e layer (Sefin Nacional): DPS building, signing, validation, access keys,
// certificates, the HTTP client, the DANFSe and the in-process simulator.
export type * from './dps-types.js';
export { NFSE_NAMESPACE, LAYOUT_VERSION } from './dps-types.js';
export { buildDpsXml, buildDpsId, type DpsIdParts } from './build-dps-xml.js';
export { buildCancellationEventXml, buildSignedCancellationXml, buildPedRegEventoId, EVENT_CANCELAMENTO, type CancellationEventInput } from './build-event-xml.js';
export { signXml, createXmlSigner, pemBody, type XmlSigner, type SignXmlOptions, type SignedElement } from './sign-xml.js';
export { verifyXmlSignature, type VerifyXmlSignatureResult } from './verify-xml-signature.js';
export { validateXsd, type XsdError, type XsdSchemaName } from './validate-xsd.js';
export { readCertificate, readCertificatePem, normalizeCertificateCnpj, CertificateError, type A1Certificate, type CertificateFacts, type CertificateErrorCode } from './certificate.js';
export { generateTestCertificate, type GenerateTestCertificateOptions, type TestCertificate } from './generate-test-certificate.js';
export { buildAccessKey, parseAccessKey, isValidAccessKey, accessKeyAmbGer, computeAccessKeyDv, type AccessKeyParts, type BuildAccessKeyOptions } from './access-key.js';
export { gzipBase64, gunzipBase64 } from './gzip-base64.js';
export {
  createNationalClient,
  emitDps,
  queryDps,
  getNfse,
  registerEvent,
  getEvent,
  type NationalClient,
  type NationalClientOptions,
  type CallOptions,
  type DeliveryFailure,
  type Rejected,
  type EmitDpsResult,
  type QueryDpsResult,
  type GetNfseResult,
  type RegisterEventResult,
  type GetEventResult,
} from './client.js';
export type { NationalMessage } from './national-answer.js';
export { readNfseXml, type NfseView, type NfseParty } from './read-nfse-xml.js';
export { renderDanfse, consultationUrl, type RenderDanfseOptions } from './render-danfse.js';
export { readEventXml, type RegisteredEventView } from './read-event-xml.js';
export { createSimulator, type Simulator, type CreateSimulatorOptions, type SimulatedNote } from './simulator/create-simulator.js';
export type { SimulatorDelays } from './simulator/simulator-context.js';
export { SCENARIO_HEADER, parseScenario, type Scenario } from './simulator/scenario.js';
