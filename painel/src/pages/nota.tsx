import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { saveFile } from '../download.js';
import {
  formatCompetencia,
  formatDateTime,
  formatDocumento,
  formatMoney,
  formatPercent,
  readableText,
} from '../format.js';
import { Link } from '../router.js';
import { NotaEmailForm } from '../nota-email-form.js';
import { ActionButton, ActionForm, ErrorBox, Field, label, Loading, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';
import { useSubscription } from '../use-subscription.js';
import { IBS_CBS_CAMPOS, NotaIbsCbs } from './nota-ibs-cbs.js';

const NOTA_CAMPOS = `id referencia status origem numero chaveAcesso valor competencia criadaEm autorizadaEm serieDps numeroDps regrasVersao
  empresa { id razaoSocial cnpj }
  rejeicao { mensagem explicacao codigoOficial }
  falha { dpsEnviada motivo }
  aviso { codigo mensagem }
  cancelamento substituidaPor substitui
  eventos { tipo em detalhe }
  ajustes { campo acao motivo regra }
  resumo { tomadorDocumento tomadorNome codigoServico descricaoServico valorServicos descontoIncondicionado
    descontoCondicionado baseCalculo aliquotaIss valorIss issRetido valorRetido valorLiquido ${IBS_CBS_CAMPOS} }`;

const NOTA = `query Nota($id: String!) { nfse(id: $id) { __typename ... on Nfse { ${NOTA_CAMPOS} } ${DOMAIN_ERROR} } }`;
const ATUALIZADA = `subscription Nota($id: ID!) { nfseAtualizada(id: $id) { ${NOTA_CAMPOS} } }`;
const XML = `query($id: String!) { nfseXml(id: $id) { __typename ... on NfseXml { xml chaveAcesso } ${DOMAIN_ERROR} } }`;
const PDF = `query($id: String!) { nfseDanfse(id: $id) { __typename ... on NfseDanfse { pdfBase64 chaveAcesso } ${DOMAIN_ERROR} } }`;
const CANCELAR = `mutation($id: String!, $input: NfseCancelamentoInput!) { cancelNfse(id: $id, input: $input) { __typename ... on Nfse { ${NOTA_CAMPOS} } ${DOMAIN_ERROR} } }`;
const DESCARTAR = `mutation($id: String!) { discardNfse(id: $id) { __typename ... on Nfse { ${NOTA_CAMPOS} } ${DOMAIN_ERROR} } }`;

const PASSOS: Record<string, string> = {
  criada: 'Criada',
  envio: 'Envio ao sistema nacional',
  consulta_dps: 'Consulta da DPS',
  correcao_automatica: 'Correção automática',
  recuperada: 'Recuperada',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  falha_transmissao: 'Falha de transmissão',
  cancelada: 'Cancelada',
  cancelamento_recusado: 'Cancelamento recusado',
  confirmada: 'Confirmada',
  descartada: 'Descartada',
  email_enviado: 'E-mail enviado',
  email_falhou: 'Falha no envio do e-mail',
  email_nao_enviado: 'E-mail não enviado',
};

export function Nota({ id }: { id: string }) {
  const q = useQuery<{ nfse: any }>(NOTA, { id });
  const [live, setLive] = useState<any>(null);
  useSubscription<{ nfseAtualizada: any }>(ATUALIZADA, { id }, (d) => setLive(d.nfseAtualizada));
  const fetched = q.data?.nfse;
  const nota = live && fetched?.__typename === 'Nfse' && live.id === fetched.id ? live : fetched;
  const [cancelando, setCancelando] = useState(false);
  const [enviando, setEnviando] = useState(false);

  if (!nota) {
    return (
      <section>
        <PageTitle>Nota</PageTitle>
        <ErrorBox error={q.error} />
        <Loading when={q.loading} />
      </section>
    );
  }
  if (nota.__typename === 'DomainError') {
    return (
      <section>
        <PageTitle>Nota</PageTitle>
        <ErrorBox error={nota.mensagem} />
      </section>
    );
  }
  const nome = nota.chaveAcesso ?? nota.referencia ?? nota.id;
  return (
    <section>
      <p class="trilha">
        <Link href="/notas">Notas de serviço</Link> ›
      </p>
      <PageTitle>
        NFS-e {nota.numero ?? nota.referencia ?? nota.id} <Status value={nota.status} />
      </PageTitle>
      <NotaDados nota={nota} />
      {nota.resumo && <NotaValores resumo={nota.resumo} />}
      {nota.resumo && <NotaIbsCbs ibsCbs={nota.resumo.ibsCbs} />}
      {nota.rejeicao && (
        <div class="caixa erro" role="alert" data-rejeicao>
          <strong>Rejeitada{nota.rejeicao.codigoOficial ? ` (${nota.rejeicao.codigoOficial})` : ''}:</strong>{' '}
          {nota.rejeicao.mensagem}
          {nota.rejeicao.explicacao && nota.rejeicao.explicacao !== nota.rejeicao.mensagem && (
            <p>
              <strong>Como corrigir:</strong> {nota.rejeicao.explicacao}
            </p>
          )}
        </div>
      )}
      {nota.falha && (
        <div class="caixa erro" role="alert">
          <strong>Falha de transmissão:</strong> {nota.falha.motivo}. DPS enviada:{' '}
          {nota.falha.dpsEnviada === 'nao' ? 'não' : 'desconhecido'}.
        </div>
      )}
      {nota.aviso && <div class="caixa aviso">{nota.aviso.mensagem ?? nota.aviso.codigo}</div>}

      <div class="acoes">
        {['autorizada', 'cancelada'].includes(nota.status) && (
          <>
            <ActionButton
              class="secundario"
              onAction={async () => {
                const r = unwrap((await gql(XML, { id: nota.id })).nfseXml) as { xml: string };
                saveFile(`nfse-${nome}.xml`, r.xml, 'application/xml');
              }}
            >
              Baixar XML
            </ActionButton>
            <ActionButton
              class="secundario"
              onAction={async () => {
                const r = unwrap((await gql(PDF, { id: nota.id })).nfseDanfse) as { pdfBase64: string };
                saveFile(`nfse-${nome}.pdf`, r.pdfBase64, 'application/pdf', true);
              }}
            >
              Baixar PDF (DANFSe)
            </ActionButton>
            {!enviando && (
              <button type="button" class="secundario" onClick={() => setEnviando(true)}>
                Enviar por e-mail…
              </button>
            )}
          </>
        )}
        {nota.status === 'autorizada' && !cancelando && (
          <button type="button" class="perigo" onClick={() => setCancelando(true)}>
            Cancelar nota…
          </button>
        )}
        {nota.status === 'falha_transmissao' && (
          <ActionButton
            class="perigo"
            confirm="Descartar esta nota? Ela não será mais transmitida."
            onAction={async () => setLive(unwrap((await gql(DESCARTAR, { id: nota.id })).discardNfse))}
          >
            Descartar nota
          </ActionButton>
        )}
      </div>

      {cancelando && nota.status === 'autorizada' && (
        <CancelamentoForm
          id={nota.id}
          onCancelada={(cancelada) => {
            setLive(cancelada);
            setCancelando(false);
          }}
        />
      )}

      {enviando && ['autorizada', 'cancelada'].includes(nota.status) && (
        <NotaEmailForm id={nota.id} onClose={() => setEnviando(false)} />
      )}

      <NotaLinhaDoTempo eventos={nota.eventos} />
      <NotaAjustes ajustes={nota.ajustes} />
      <p class="rodape-dados">Regras: {nota.regrasVersao}</p>
    </section>
  );
}

/** The note's identification: reference, company, amounts, dates, key and DPS. */
function NotaDados({ nota }: { nota: any }) {
  return (
    <dl class="dados">
      <dt>Referência</dt>
      <dd>{nota.referencia ?? '—'}</dd>
      <dt>Empresa</dt>
      <dd>{nota.empresa ? `${nota.empresa.razaoSocial} (${formatDocumento(nota.empresa.cnpj)})` : '—'}</dd>
      <dt>Valor</dt>
      <dd>{formatMoney(nota.valor)}</dd>
      <dt>Competência</dt>
      <dd>{formatCompetencia(nota.competencia)}</dd>
      <dt>Origem</dt>
      <dd data-origem={nota.origem}>{label(nota.origem)}</dd>
      <dt>Criada em</dt>
      <dd>{formatDateTime(nota.criadaEm)}</dd>
      <dt>Autorizada em</dt>
      <dd>{formatDateTime(nota.autorizadaEm)}</dd>
      <dt>Chave de acesso</dt>
      <dd class="chave">{nota.chaveAcesso ?? '—'}</dd>
      <dt>DPS</dt>
      <dd>
        série {nota.serieDps}, nº {nota.numeroDps}
      </dd>
      {nota.cancelamento && (
        <>
          <dt>Cancelamento</dt>
          <dd data-cancelamento>{motivoCancelamento(nota.cancelamento)}</dd>
        </>
      )}
      {nota.substituidaPor && (
        <>
          <dt>Substituída por</dt>
          <dd>
            <Link href={`/notas/${nota.substituidaPor}`}>{nota.substituidaPor}</Link>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The taker, the service and the amounts; a computed amount the note has no document for yet shows as a dash. */
function NotaValores({ resumo: r }: { resumo: any }) {
  return (
    <>
      <h2>Tomador, serviço e valores</h2>
      <dl class="dados" data-valores>
        <dt>Tomador</dt>
        <dd>
          {r.tomadorNome || r.tomadorDocumento
            ? `${r.tomadorNome ?? ''} (${formatDocumento(r.tomadorDocumento)})`
            : '—'}
        </dd>
        <dt>Serviço</dt>
        <dd>{[r.codigoServico, r.descricaoServico].filter(Boolean).join(' — ') || '—'}</dd>
        <dt>Valor dos serviços</dt>
        <dd>{formatMoney(r.valorServicos)}</dd>
        <dt>Descontos</dt>
        <dd>
          incondicionado {formatMoney(r.descontoIncondicionado)}, condicionado {formatMoney(r.descontoCondicionado)}
        </dd>
        <dt>Base de cálculo</dt>
        <dd>{formatMoney(r.baseCalculo)}</dd>
        <dt>Alíquota do ISS</dt>
        <dd>{formatPercent(r.aliquotaIss)}</dd>
        <dt>ISS</dt>
        <dd>
          {formatMoney(r.valorIss)}
          {r.issRetido != null && (r.issRetido ? ' (retido pelo tomador)' : ' (não retido)')}
        </dd>
        <dt>Retenções</dt>
        <dd>{formatMoney(r.valorRetido)}</dd>
        <dt>Valor líquido</dt>
        <dd>{formatMoney(r.valorLiquido)}</dd>
      </dl>
    </>
  );
}

/** A cancellation as a person reads it: the reason's code in words, the justification, and when. */
function motivoCancelamento(c: { tipo?: string; codigo_motivo?: string; motivo?: string; em?: string }): string {
  const quando = c.em ? ` em ${formatDateTime(c.em)}` : '';
  if (c.tipo === 'substituicao') return `Substituída por outra nota${quando}.`;
  const codigo = c.codigo_motivo ? (VALORES[c.codigo_motivo] ?? c.codigo_motivo) : null;
  return [codigo, c.motivo].filter(Boolean).join(': ') + quando + '.';
}

/** The cancellation's reason and justification; `onCancelada` receives the note the mutation answers. */
function CancelamentoForm({ id, onCancelada }: { id: string; onCancelada: (nota: unknown) => void }) {
  const [motivo, setMotivo] = useState({ codigoMotivo: '1', motivo: '' });
  return (
    <ActionForm
      label="Cancelamento"
      submit="Confirmar cancelamento"
      onSubmit={async () => onCancelada(unwrap((await gql(CANCELAR, { id, input: motivo })).cancelNfse))}
    >
      <h2>Cancelamento</h2>
      <Field label="Motivo">
        <select
          value={motivo.codigoMotivo}
          onChange={(e) => setMotivo({ ...motivo, codigoMotivo: e.currentTarget.value })}
        >
          <option value="1">1 — Erro na emissão</option>
          <option value="2">2 — Serviço não prestado</option>
          <option value="9">9 — Outros</option>
        </select>
      </Field>
      <Field label="Justificativa" hint="De 15 a 255 caracteres.">
        <textarea
          minLength={15}
          maxLength={255}
          required
          value={motivo.motivo}
          onInput={(e) => setMotivo({ ...motivo, motivo: e.currentTarget.value })}
        />
      </Field>
    </ActionForm>
  );
}

// The timeline's detail members in words; a member not listed is shown under its own name.
const DETALHES: Record<string, string> = {
  codigo_oficial: 'Código oficial',
  numero: 'Número',
  mensagem: 'Mensagem',
  codigo_motivo: 'Motivo',
  motivo: 'Motivo',
  evento_id: 'Evento',
  competencia: 'Competência',
  dps_enviada: 'DPS enviada',
  resultado: 'Resultado',
  chave_acesso: 'Chave de acesso',
  substituida_por: 'Substituída por',
  destinatarios: 'Destinatários',
  tentativa: 'Tentativa',
  erro: 'Erro',
  proxima_tentativa_em: 'Próxima tentativa',
};

const VALORES: Record<string, string> = {
  nao: 'não',
  sim: 'sim',
  desconhecido: 'desconhecido',
  encontrada: 'encontrada',
  encontrado: 'encontrado',
  nao_encontrada: 'não encontrada',
  substituicao: 'substituição',
  autorizacao: 'autorização',
  sob_demanda: 'a pedido',
  '1': '1 — Erro na emissão',
  '2': '2 — Serviço não prestado',
  '9': '9 — Outros',
};

/** A detail member's value as text: codes in words, dates as dd/mm/aaaa, nested values flattened. */
function valorEmPalavras(chave: string, valor: unknown): string {
  if (valor == null) return '—';
  if (Array.isArray(valor)) return valor.map((v) => valorEmPalavras(chave, v)).join(', ');
  if (typeof valor === 'object')
    return Object.entries(valor)
      .map(([k, v]) => `${DETALHES[k] ?? k}: ${valorEmPalavras(k, v)}`)
      .join('; ');
  const texto = String(valor);
  if (chave === 'competencia') return formatCompetencia(texto);
  if (chave.endsWith('_em')) return formatDateTime(texto);
  if (chave === 'erro' || texto.includes('@')) return texto;
  if (chave !== 'codigo_motivo' && /^\d+$/.test(texto)) return texto;
  return VALORES[texto] ?? readableText(texto);
}

/**
 * The note's steps with their details as name and value. A rejection's message is left out of its step: the
 * rejection box above says it once, with its correction.
 */
function NotaLinhaDoTempo({ eventos }: { eventos: Array<{ tipo: string; em: string; detalhe: unknown }> }) {
  return (
    <>
      <h2>Linha do tempo</h2>
      <ol class="linha-do-tempo">
        {eventos.map((ev) => {
          const detalhe = Object.entries((ev.detalhe ?? {}) as Record<string, unknown>).filter(
            ([k]) => !(ev.tipo === 'rejeitada' && k === 'mensagem'),
          );
          return (
            <li>
              <time dateTime={ev.em}>{formatDateTime(ev.em)}</time> <strong>{PASSOS[ev.tipo] ?? label(ev.tipo)}</strong>
              {detalhe.length > 0 && (
                <dl class="detalhe">
                  {detalhe.map(([k, v]) => (
                    <>
                      <dt>{DETALHES[k] ?? k}</dt>
                      <dd>{valorEmPalavras(k, v)}</dd>
                    </>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

function NotaAjustes({ ajustes }: { ajustes: Array<{ campo: string; acao: string; motivo: string; regra: string }> }) {
  if (ajustes.length === 0) return null;
  return (
    <>
      <h2>Ajustes feitos pelo serviço</h2>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Ação</th>
              <th scope="col">Motivo</th>
              <th scope="col">Regra</th>
            </tr>
          </thead>
          <tbody>
            {ajustes.map((a) => (
              <tr>
                <td>
                  <code>{a.campo}</code>
                </td>
                <td>{a.acao}</td>
                <td>{a.motivo}</td>
                <td>
                  <code>{a.regra}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
