import { builder } from '../builder.js';
import './domain-error.js';
import './account.js';
import './company.js';
import './readiness.js';
import './nfse.js';
import './nfse-cancellation.js';
import './nfse-documents.js';
import './evento.js';
import './webhook.js';
import './lote.js';
import './account-usage.js';
import './catalogos.js';
import './documents.js';
import './produto.js';
import './nfe.js';
import './nfe-inutilizacao.js';

export const schema = builder.toSchema({ sortSchema: true });
