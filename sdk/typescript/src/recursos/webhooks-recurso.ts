import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import {
  segmento,
  type CorpoDe,
  type FiltroDe,
  type OpcoesChamada,
  type RespostaDe,
  type Schemas,
  type TipoEvento,
} from '../tipos.js';
import { verificarWebhook, type EventoWebhook, type OpcoesVerificarWebhook } from '../verificar-webhook.js';

export type Webhook = Schemas['Webhook'];
export type Entrega = Omit<RespostaDe<'listWebhookDeliveries', 200>['entregas'][number], 'tipo'> & { tipo: TipoEvento };
/** A webhook's body with its event types named (`NFSE_AUTORIZADA`, …). */
export type NovoWebhook = Omit<CorpoDe<'createWebhook'>, 'eventos'> & { eventos: TipoEvento[] };
export type AlteracaoWebhook = Omit<CorpoDe<'updateWebhook'>, 'eventos'> & { eventos?: TipoEvento[] };

/** `/v1/webhooks`: signed deliveries of the account's events. */
export class WebhooksRecurso {
  constructor(private readonly http: Transporte) {}

  /** Creates a webhook; the answer carries `segredo`, shown only now and at a rotation. */
  async criar(corpo: NovoWebhook, opcoes: OpcoesChamada = {}): Promise<RespostaDe<'createWebhook', 201>> {
    return (
      await this.http.enviar<RespostaDe<'createWebhook', 201>>({
        metodo: 'POST',
        caminho: '/v1/webhooks',
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** Every webhook of the key's environment (not paginated). */
  async listar(opcoes: OpcoesChamada = {}): Promise<Webhook[]> {
    return (await this.http.enviar<Webhook[]>({ metodo: 'GET', caminho: '/v1/webhooks', signal: opcoes.signal })).corpo;
  }

  async obter(id: string, opcoes: OpcoesChamada = {}): Promise<Webhook> {
    return (
      await this.http.enviar<Webhook>({ metodo: 'GET', caminho: `/v1/webhooks/${segmento(id)}`, signal: opcoes.signal })
    ).corpo;
  }

  async atualizar(id: string, corpo: AlteracaoWebhook, opcoes: OpcoesChamada = {}): Promise<Webhook> {
    return (
      await this.http.enviar<Webhook>({ metodo: 'PATCH', caminho: `/v1/webhooks/${segmento(id)}`, corpo, ...opcoes })
    ).corpo;
  }

  async remover(id: string, opcoes: OpcoesChamada = {}): Promise<void> {
    await this.http.enviar({ metodo: 'DELETE', caminho: `/v1/webhooks/${segmento(id)}`, ...opcoes });
  }

  /** Sends a `webhook.teste` delivery. */
  async testar(id: string, opcoes: OpcoesChamada = {}): Promise<RespostaDe<'testWebhook', 202>> {
    return (
      await this.http.enviar<RespostaDe<'testWebhook', 202>>({
        metodo: 'POST',
        caminho: `/v1/webhooks/${segmento(id)}/teste`,
        ...opcoes,
      })
    ).corpo;
  }

  /** A new secret; for 24 hours deliveries carry signatures of both (verify with both meanwhile). */
  async rotacionarSegredo(id: string, opcoes: OpcoesChamada = {}): Promise<RespostaDe<'rotateWebhookSecret', 200>> {
    return (
      await this.http.enviar<RespostaDe<'rotateWebhookSecret', 200>>({
        metodo: 'POST',
        caminho: `/v1/webhooks/${segmento(id)}/rotacao-segredo`,
        ...opcoes,
      })
    ).corpo;
  }

  /** The webhook's deliveries (`status: 'falhou'` for the failed ones), every page followed. */
  entregas(id: string, consulta: FiltroDe<'listWebhookDeliveries'> = {}, opcoes: OpcoesChamada = {}): Paginas<Entrega> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<RespostaDe<'listWebhookDeliveries', 200>>({
        metodo: 'GET',
        caminho: `/v1/webhooks/${segmento(id)}/entregas`,
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.entregas as Entrega[], proximo_cursor: res.corpo.proximo_cursor };
    }, inicio ?? null);
  }

  /** Resends events (one `evento_id`, `desde` and `ate`, or `lote_id`); at most 500 per call, then `continuar_desde`. */
  async reenviar(
    id: string,
    corpo: CorpoDe<'resendWebhookEvents'>,
    opcoes: OpcoesChamada = {},
  ): Promise<RespostaDe<'resendWebhookEvents', 202>> {
    return (
      await this.http.enviar<RespostaDe<'resendWebhookEvents', 202>>({
        metodo: 'POST',
        caminho: `/v1/webhooks/${segmento(id)}/reenvio`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** Checks a received delivery's signature and returns its event (see verificarWebhook). */
  verificar<D = Record<string, unknown>>(opcoes: OpcoesVerificarWebhook): Promise<EventoWebhook<D>> {
    return verificarWebhook<D>(opcoes);
  }
}
