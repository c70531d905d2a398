import { formatDate, formatInteger } from '../format.js';
import { ErrorBox, Loading, PageTitle } from '../ui/ui.js';
import { useQuery } from '../use-query.js';

const USO = `{
  account { nome plano limites { requisicoesPorMinuto itensPorLote retencaoEventosDias } }
  usage { ciclo inicio fim notasEmitidas { producao sandbox } nfeEmitidas { producao sandbox } lotes { producao sandbox } requisicoes { producao sandbox }
    documentosRecebidos { nfse nfe cte } }
}`;

/** The cycle's `fim` is the first instant of the next cycle: the cycle's last day is the one just before it. */
function lastInstantBefore(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

export function Uso() {
  const q = useQuery<any>(USO);
  const u = q.data?.usage;
  const a = q.data?.account;
  const [ano, mes] = (u?.ciclo ?? '').split('-');
  return (
    <section>
      <PageTitle>Uso do ciclo{u && ` ${mes}/${ano}`}</PageTitle>
      <ErrorBox error={q.error} />
      <Loading when={q.loading && !q.data} />
      {u && (
        <>
          <p class="resumo">
            De {formatDate(u.inicio)} a {formatDate(lastInstantBefore(u.fim))} · plano {a.plano}
          </p>
          <div class="cartoes">
            <Cartao titulo="NFS-e autorizadas" valor={u.notasEmitidas.producao} teste={u.notasEmitidas.sandbox} />
            <Cartao titulo="NF-e autorizadas" valor={u.nfeEmitidas.producao} teste={u.nfeEmitidas.sandbox} />
            <Cartao titulo="Lotes" valor={u.lotes.producao} teste={u.lotes.sandbox} />
            <Cartao titulo="Chamadas à API" valor={u.requisicoes.producao} teste={u.requisicoes.sandbox} />
            <Cartao
              titulo="Documentos recebidos"
              valor={u.documentosRecebidos.nfse + u.documentosRecebidos.nfe + u.documentosRecebidos.cte}
              detalhe={`NFS-e ${formatInteger(u.documentosRecebidos.nfse)} · NF-e ${formatInteger(u.documentosRecebidos.nfe)} · CT-e ${formatInteger(u.documentosRecebidos.cte)}`}
            />
          </div>
          <h2>Limites da conta</h2>
          <dl class="dados">
            <dt>Chamadas por minuto</dt>
            <dd>{formatInteger(a.limites.requisicoesPorMinuto)}</dd>
            <dt>Linhas por lote</dt>
            <dd>{formatInteger(a.limites.itensPorLote)}</dd>
            <dt>Retenção do registro de eventos</dt>
            <dd>{a.limites.retencaoEventosDias} dias</dd>
          </dl>
        </>
      )}
    </section>
  );
}

function Cartao(props: { titulo: string; valor: number; teste?: number; detalhe?: string }) {
  return (
    <div class="cartao" data-cartao={props.titulo}>
      <div>{props.titulo}</div>
      <div class="valor">{formatInteger(props.valor)}</div>
      {props.teste != null && <small>em teste: {formatInteger(props.teste)}</small>}
      {props.detalhe && <small>{props.detalhe}</small>}
    </div>
  );
}
