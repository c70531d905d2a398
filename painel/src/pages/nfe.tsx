import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { saveFile } from '../download.js';
import { formatDateTime, formatDocumento, formatMoney } from '../format.js';
import { Link } from '../router.js';
import { ActionButton, ActionForm, ErrorBox, Field, Loading, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';
import { NFE_DETALHE_CAMPOS, NfeDetalhe } from './nfe-detalhe.js';
import { NfeEventos } from './nfe-eventos.js';

const NFE_CAMPOS = `id referencia status numero serie modo valorTotal chaveAcesso protocolo cancelamento criadaEm autorizadaEm
  empresa { razaoSocial cnpj } rejeicao { cStat mensagem explicacao correcao } aviso { codigo mensagem }
  eventos { id tipo tpEvento nSeqEvento texto protocolo registradoEm cStat }
  ${NFE_DETALHE_CAMPOS}`;
const NFE = `query($id: String!) { nfe(id: $id) { __typename ... on Nfe { ${NFE_CAMPOS} } ${DOMAIN_ERROR} } }`;
const XML = `query($id: String!) { nfeXml(id: $id) { __typename ... on NfeXml { xml } ${DOMAIN_ERROR} } }`;
const PDF = `query($id: String!) { nfeDanfe(id: $id) { __typename ... on NfeDanfe { pdfBase64 } ${DOMAIN_ERROR} } }`;
const CANCELAR = `mutation($id: String!, $input: NfeCancelamentoInput!) { cancelNfe(id: $id, input: $input) { __typename ... on Nfe { ${NFE_CAMPOS} } ${DOMAIN_ERROR} } }`;
const DESCARTAR = `mutation($id: String!) { discardNfe(id: $id) { __typename ... on Nfe { ${NFE_CAMPOS} } ${DOMAIN_ERROR} } }`;

const MODOS: Record<string, string> = {
  informado: 'Informados pelo emitente',
  calcular: 'Calculados pelo serviço',
  conferir: 'Informados e conferidos pelo serviço',
};

export function Nfe({ id }: { id: string }) {
  const q = useQuery<{ nfe: any }>(NFE, { id });
  const [atual, setAtual] = useState<any>(null);
  const [cancelando, setCancelando] = useState(false);
  const [justificativa, setJustificativa] = useState('');
  const nota = atual ?? q.data?.nfe;
  if (!nota || nota.__typename === 'DomainError') {
    return (
      <section>
        <PageTitle>NF-e</PageTitle>
        <ErrorBox error={q.error ?? nota?.mensagem} />
        <Loading when={q.loading} />
      </section>
    );
  }
  return (
    <section>
      <p class="trilha">
        <Link href="/nfe">NF-e</Link> ›
      </p>
      <PageTitle>
        NF-e {nota.serie}/{nota.numero} <Status value={nota.status} />
      </PageTitle>
      <dl class="dados">
        <dt>Referência</dt>
        <dd>{nota.referencia ?? '—'}</dd>
        <dt>Empresa</dt>
        <dd>{nota.empresa ? `${nota.empresa.razaoSocial} (${formatDocumento(nota.empresa.cnpj)})` : '—'}</dd>
        <dt>Valor total</dt>
        <dd>{formatMoney(nota.valorTotal)}</dd>
        <dt>Impostos</dt>
        <dd data-modo={nota.modo}>{MODOS[nota.modo] ?? nota.modo}</dd>
        <dt>Criada em</dt>
        <dd>{formatDateTime(nota.criadaEm)}</dd>
        <dt>Autorizada em</dt>
        <dd>{formatDateTime(nota.autorizadaEm)}</dd>
        <dt>Chave de acesso</dt>
        <dd class="chave">{nota.chaveAcesso}</dd>
        <dt>Protocolo</dt>
        <dd>{nota.protocolo ?? '—'}</dd>
        {nota.cancelamento && (
          <>
            <dt>Cancelamento</dt>
            <dd data-cancelamento>
              Cancelada: {nota.cancelamento.justificativa}
              {nota.cancelamento.registrado_em && ` (em ${formatDateTime(nota.cancelamento.registrado_em)})`}
            </dd>
          </>
        )}
      </dl>
      {nota.rejeicao && (
        <div class="caixa erro" role="alert" data-rejeicao>
          <strong>Rejeitada ({nota.rejeicao.cStat}):</strong> {nota.rejeicao.mensagem}
          {nota.rejeicao.explicacao && nota.rejeicao.explicacao !== nota.rejeicao.mensagem && (
            <p>{nota.rejeicao.explicacao}</p>
          )}
          {nota.rejeicao.correcao && (
            <p>
              <strong>Como corrigir:</strong> {nota.rejeicao.correcao}
            </p>
          )}
        </div>
      )}
      {nota.aviso && <div class="caixa aviso">{nota.aviso.mensagem ?? nota.aviso.codigo}</div>}
      <NfeDetalhe detalhe={nota.detalhe} />
      <div class="acoes">
        {['autorizada', 'cancelada'].includes(nota.status) && (
          <>
            <ActionButton
              class="secundario"
              onAction={async () =>
                saveFile(
                  `nfe-${nota.chaveAcesso}.xml`,
                  (unwrap((await gql(XML, { id: nota.id })).nfeXml) as { xml: string }).xml,
                  'application/xml',
                )
              }
            >
              Baixar XML
            </ActionButton>
            <ActionButton
              class="secundario"
              onAction={async () =>
                saveFile(
                  `nfe-${nota.chaveAcesso}.pdf`,
                  (unwrap((await gql(PDF, { id: nota.id })).nfeDanfe) as { pdfBase64: string }).pdfBase64,
                  'application/pdf',
                  true,
                )
              }
            >
              Baixar DANFE
            </ActionButton>
          </>
        )}
        {nota.status === 'autorizada' && !cancelando && (
          <button type="button" class="perigo" onClick={() => setCancelando(true)}>
            Cancelar NF-e…
          </button>
        )}
        {nota.status === 'rejeitada' && (
          <ActionButton
            class="perigo"
            confirm="Descartar esta NF-e? O número dela será inutilizado."
            onAction={async () => setAtual(unwrap((await gql(DESCARTAR, { id: nota.id })).discardNfe))}
          >
            Descartar NF-e
          </ActionButton>
        )}
      </div>
      {cancelando && nota.status === 'autorizada' && (
        <ActionForm
          label="Cancelamento"
          submit="Confirmar cancelamento"
          onSubmit={async () => {
            setAtual(unwrap((await gql(CANCELAR, { id: nota.id, input: { justificativa } })).cancelNfe));
            setCancelando(false);
          }}
        >
          <h2>Cancelamento</h2>
          <Field label="Justificativa" hint="De 15 a 255 caracteres.">
            <textarea
              minLength={15}
              maxLength={255}
              required
              value={justificativa}
              onInput={(e) => setJustificativa(e.currentTarget.value)}
            />
          </Field>
        </ActionForm>
      )}
      <NfeEventos eventos={nota.eventos} />
    </section>
  );
}
