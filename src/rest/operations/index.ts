import type { RestOperation } from '../rest-operation.js';
import { createCompany } from './create-company.js';
import { deleteCompany } from './delete-company.js';
import { getCompany } from './get-company.js';
import { getReadiness } from './get-readiness.js';
import { listCompanies } from './list-companies.js';
import { pauseCompany } from './pause-company.js';
import { resumeCompany } from './resume-company.js';
import { updateCompany } from './update-company.js';
import { uploadCertificate } from './upload-certificate.js';
import { deleteCompanyLogo } from './delete-company-logo.js';
import { setCompanyLogo } from './set-company-logo.js';
import { confirmNfse } from './confirm-nfse.js';
import { getNfse } from './get-nfse.js';
import { issueNfse } from './issue-nfse.js';
import { listEvents } from './list-events.js';
import { listNfse } from './list-nfse.js';
import { validateNfse } from './validate-nfse.js';
import { cancelNfse } from './cancel-nfse.js';
import { requestNfseEmail } from './request-nfse-email.js';
import { getNfsePdf } from './get-nfse-pdf.js';
import { getNfseXml } from './get-nfse-xml.js';
import { createWebhook } from './create-webhook.js';
import { deleteWebhook } from './delete-webhook.js';
import { getWebhook } from './get-webhook.js';
import { listWebhooks } from './list-webhooks.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { resendWebhookEvents } from './resend-webhook-events.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { testWebhook } from './test-webhook.js';
import { updateWebhook } from './update-webhook.js';
import { createLote } from './create-lote.js';
import { emitLote } from './emit-lote.js';
import { getLote } from './get-lote.js';
import { getLoteReport } from './get-lote-report.js';
import { listLoteItens } from './list-lote-itens.js';
import { listLotes } from './list-lotes.js';
import { listRequisicoes } from './list-requisicoes.js';
import { reprocessLote } from './reprocess-lote.js';
import { getAccount } from './get-account.js';
import { getUsage } from './get-usage.js';
import { listServicos } from './list-servicos.js';
import { getServico } from './get-servico.js';
import { listMunicipios } from './list-municipios.js';
import { getMunicipio } from './get-municipio.js';
import { listDocuments } from './list-documents.js';
import { getDocument } from './get-document.js';
import { getDocumentXml } from './get-document-xml.js';
import { createProduto } from './create-produto.js';
import { listProdutos } from './list-produtos.js';
import { getProduto } from './get-produto.js';
import { updateProduto } from './update-produto.js';
import { deleteProduto } from './delete-produto.js';
import { createRegraTributaria } from './create-regra-tributaria.js';
import { listRegrasTributarias } from './list-regras-tributarias.js';
import { getRegraTributaria } from './get-regra-tributaria.js';
import { updateRegraTributaria } from './update-regra-tributaria.js';
import { deleteRegraTributaria } from './delete-regra-tributaria.js';
import { manifestDocument } from './manifest-document.js';
import { createNfe } from './create-nfe.js';
import { previewNfe } from './preview-nfe.js';
import { listNfe } from './list-nfe.js';
import { getNfe } from './get-nfe.js';
import { getNfeXml } from './get-nfe-xml.js';
import { getNfePdf } from './get-nfe-pdf.js';
import { cancelNfe } from './cancel-nfe.js';
import { registerNfeCartaCorrecao } from './register-nfe-carta-correcao.js';
import { correctNfe } from './correct-nfe.js';
import { getNfeEventoXml } from './get-nfe-evento-xml.js';
import { discardNfe } from './discard-nfe.js';
import { inutilizeNfe } from './inutilize-nfe.js';
import { listNfeInutilizacoes } from './list-nfe-inutilizacoes.js';
import { getNfeCobertura } from './get-nfe-cobertura.js';
import { exportNfse } from './export-nfse.js';
import { exportNfe } from './export-nfe.js';

/** operationId (openapi.yaml) → operation. A missing entry fails the start. */
export const operations: Record<string, RestOperation> = {
  listCompanies,
  createCompany,
  getCompany,
  updateCompany,
  pauseCompany,
  resumeCompany,
  deleteCompany,
  uploadCertificate,
  setCompanyLogo,
  deleteCompanyLogo,
  getReadiness,
  issueNfse,
  validateNfse,
  listNfse,
  getNfse,
  confirmNfse,
  cancelNfse,
  requestNfseEmail,
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
  listRequisicoes,
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
  createRegraTributaria,
  listRegrasTributarias,
  getRegraTributaria,
  updateRegraTributaria,
  deleteRegraTributaria,
  createNfe,
  previewNfe,
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
  getNfeCobertura,
  exportNfse,
  exportNfe,
};
