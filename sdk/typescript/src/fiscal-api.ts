import { acompanharNfse, type OpcoesAcompanhar } from './acompanhar-nfse.js';
import { DocumentosRecurso } from './recursos/documentos-recurso.js';
import { EmpresasRecurso } from './recursos/empresas-recurso.js';
import { EventosRecurso } from './recursos/eventos-recurso.js';
import { LotesRecurso } from './recursos/lotes-recurso.js';
import { NfeRecurso } from './recursos/nfe-recurso.js';
import { NfseRecurso, type Nfse } from './recursos/nfse-recurso.js';
import { WebhooksRecurso } from './recursos/webhooks-recurso.js';
import { Transporte, type OpcoesTransporte } from './transporte.js';

/** The client's settings: `chaveApi`, `urlBase` (default http://localhost:3000), retries, hooks. */
export type OpcoesCliente = OpcoesTransporte;

/** The NFS-e resource plus its live-status helper. */
export class NfseCliente extends NfseRecurso {
  constructor(private readonly transport: Transporte) {
    super(transport);
  }

  /** `for await (const nota of cliente.nfse.acompanhar(id))`: the note now and at each change (GraphQL subscription). */
  acompanhar(id: string, opcoes: OpcoesAcompanhar = {}): AsyncGenerator<Nfse> {
    return acompanharNfse(this.transport, this, id, opcoes);
  }
}

/**
 * The fiscal-api client: `new FiscalApi({ chaveApi: 'svc_test_…', urlBase })`, then resources named as the API's
 * routes (`nfse`, `lotes`, `webhooks`, `eventos`, `empresas`, `nfe`, `documentos`).
 */
export class FiscalApi {
  readonly nfse: NfseCliente;
  readonly lotes: LotesRecurso;
  readonly webhooks: WebhooksRecurso;
  readonly eventos: EventosRecurso;
  readonly empresas: EmpresasRecurso;
  readonly nfe: NfeRecurso;
  readonly documentos: DocumentosRecurso;

  constructor(opcoes: OpcoesCliente) {
    const transport = new Transporte(opcoes);
    this.nfse = new NfseCliente(transport);
    this.lotes = new LotesRecurso(transport);
    this.webhooks = new WebhooksRecurso(transport);
    this.eventos = new EventosRecurso(transport);
    this.empresas = new EmpresasRecurso(transport);
    this.nfe = new NfeRecurso(transport);
    this.documentos = new DocumentosRecurso(transport);
  }
}
