import type { RestOperation } from '../operation.js';
import { createCompany } from './createCompany.js';
import { deleteCompany } from './deleteCompany.js';
import { getCompany } from './getCompany.js';
import { getReadiness } from './getReadiness.js';
import { listCompanies } from './listCompanies.js';
import { pauseCompany } from './pauseCompany.js';
import { resumeCompany } from './resumeCompany.js';
import { uploadCertificate } from './uploadCertificate.js';
import { confirmNfse } from './confirmNfse.js';
import { getNfse } from './getNfse.js';
import { issueNfse } from './issueNfse.js';
import { listEvents } from './listEvents.js';
import { listNfse } from './listNfse.js';
import { validateNfse } from './validateNfse.js';
import { cancelNfse } from './cancelNfse.js';
import { getNfsePdf } from './getNfsePdf.js';
import { getNfseXml } from './getNfseXml.js';
import { createWebhook } from './createWebhook.js';
import { deleteWebhook } from './deleteWebhook.js';
import { getWebhook } from './getWebhook.js';
import { listWebhooks } from './listWebhooks.js';
import { listWebhookDeliveries } from './listWebhookDeliveries.js';
import { resendWebhookEvents } from './resendWebhookEvents.js';
import { rotateWebhookSecret } from './rotateWebhookSecret.js';
import { testWebhook } from './testWebhook.js';
import { updateWebhook } from './updateWebhook.js';
import { createLote } from './createLote.js';
import { emitLote } from './emitLote.js';
import { getLote } from './getLote.js';
import { getLoteReport } from './getLoteReport.js';
import { listLoteItens } from './listLoteItens.js';
import { listLotes } from './listLotes.js';
import { reprocessLote } from './reprocessLote.js';
import { getAccount } from './getAccount.js';
import { getUsage } from './getUsage.js';
import { listServicos } from './listServicos.js';
import { getServico } from './getServico.js';
import { listMunicipios } from './listMunicipios.js';
import { getMunicipio } from './getMunicipio.js';
import { listDocuments } from './listDocuments.js';
import { getDocument } from './getDocument.js';
import { getDocumentXml } from './getDocumentXml.js';
import { createProduto } from './createProduto.js';
import { listProdutos } from './listProdutos.js';
import { getProduto } from './getProduto.js';
import { updateProduto } from './updateProduto.js';
import { deleteProduto } from './deleteProduto.js';
import { manifestDocument } from './manifestDocument.js';
import { createNfe } from './createNfe.js';
import { listNfe } from './listNfe.js';
import { getNfe } from './getNfe.js';
import { getNfeXml } from './getNfeXml.js';
import { getNfePdf } from './getNfePdf.js';
import { cancelNfe } from './cancelNfe.js';
import { registerNfeCartaCorrecao } from './registerNfeCartaCorrecao.js';
import { correctNfe } from './correctNfe.js';
import { getNfeEventoXml } from './getNfeEventoXml.js';
import { discardNfe } from './discardNfe.js';
import { inutilizeNfe } from './inutilizeNfe.js';
import { listNfeInutilizacoes } from './listNfeInutilizacoes.js';

/** operationId (openapi.yaml) → operation. A missing entry fails the start. */
export const operations: Record<string, RestOperation> = {
  listCompanies,
  createCompany,
  getCompany,
  pauseCompany,
  resumeCompany,
  deleteCompany,
  uploadCertificate,
  getReadiness,
  issueNfse,
  validateNfse,
  listNfse,
  getNfse,
  confirmNfse,
  cancelNfse,
  getNfseXml,
  getNfsePdf,
  listEvents,
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  rotateWebhookSecret,
  createLote,
  listLotes,
  getLote,
  listLoteItens,
  emitLote,
  reprocessLote,
  getLoteReport,
  getAccount,
  getUsage,
  listServicos,
  getServico,
  listMunicipios,
  getMunicipio,
  listDocuments,
  getDocument,
  getDocumentXml,
  manifestDocument,
  listWebhookDeliveries,
  resendWebhookEvents,
  createProduto,
  listProdutos,
  getProduto,
  updateProduto,
  deleteProduto,
  createNfe,
  listNfe,
  getNfe,
  getNfeXml,
  getNfePdf,
  cancelNfe,
  registerNfeCartaCorrecao,
  correctNfe,
  getNfeEventoXml,
  discardNfe,
  inutilizeNfe,
  listNfeInutilizacoes,
};
