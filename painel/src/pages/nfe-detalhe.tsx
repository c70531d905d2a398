import { formatDocumento, formatMoney, formatPercent } from '../format.js';

/** The GraphQL selection of an NF-e's recipient, items, totals and payments (Nfe.detalhe). */
export const NFE_DETALHE_CAMPOS = `detalhe { naturezaOperacao troco
  destinatario { nome documento inscricaoEstadual contribuinte endereco bairro municipio uf cep }
  itens { numero codigo descricao ncm cfop cst unidade quantidade valorUnitario valorTotal desconto baseIcms aliquotaIcms
    icms icmsSt ipi pis cofins ibs cbs }
  totais { produtos descontos frete seguro outros baseIcms icms baseIcmsSt icmsSt ipi pis cofins baseIbsCbs ibs cbs
    tributosAproximados total }
  pagamentos { forma descricao valor } }`;

const CONTRIBUINTE: Record<string, string> = {
  contribuinte: 'Contribuinte do ICMS',
  isento: 'Contribuinte isento de inscrição estadual',
  nao_contribuinte: 'Não contribuinte do ICMS',
};

const FORMAS: Record<string, string> = {
  dinheiro: 'Dinheiro',
  cheque: 'Cheque',
  cartao_credito: 'Cartão de crédito',
  cartao_debito: 'Cartão de débito',
  credito_loja: 'Crédito loja',
  vale_alimentacao: 'Vale-alimentação',
  vale_refeicao: 'Vale-refeição',
  vale_presente: 'Vale-presente',
  vale_combustivel: 'Vale-combustível',
  boleto: 'Boleto bancário',
  deposito: 'Depósito bancário',
  pix: 'PIX',
  transferencia: 'Transferência bancária ou carteira digital',
  fidelidade: 'Programa de fidelidade ou cashback',
  pix_estatico: 'PIX estático',
  sem_pagamento: 'Sem pagamento',
  outros: 'Outros',
};

/** A quantity as people read it: "2,0000" → "2"; "1,5000" → "1,5". */
const formatQuantidade = (q: string) =>
  q
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace('.', ',');

/** The recipient, items, totals and payments of an NF-e (null while the note has no XML to read). */
export function NfeDetalhe({ detalhe: d }: { detalhe: any }) {
  if (!d) return null;
  return (
    <>
      <NfeDestinatario d={d.destinatario} naturezaOperacao={d.naturezaOperacao} />
      <NfeItens itens={d.itens} />
      <NfeTotais t={d.totais} />
      <NfePagamentos pagamentos={d.pagamentos} troco={d.troco} />
    </>
  );
}

function NfeDestinatario({ d, naturezaOperacao }: { d: any; naturezaOperacao: string }) {
  return (
    <>
      <h2>Destinatário</h2>
      <dl class="dados" data-destinatario>
        <dt>Nome</dt>
        <dd>{d?.nome ?? '—'}</dd>
        <dt>CPF/CNPJ</dt>
        <dd>{formatDocumento(d?.documento)}</dd>
        <dt>Inscrição estadual</dt>
        <dd>{d?.inscricaoEstadual ?? '—'}</dd>
        <dt>Situação no ICMS</dt>
        <dd data-contribuinte={d?.contribuinte}>
          {d?.contribuinte ? (CONTRIBUINTE[d.contribuinte] ?? d.contribuinte) : '—'}
        </dd>
        <dt>Endereço</dt>
        <dd>
          {d &&
            [d.endereco, d.bairro, [d.municipio, d.uf].filter(Boolean).join('/'), d.cep && `CEP ${d.cep}`]
              .filter(Boolean)
              .join(', ')}
        </dd>
        <dt>UF</dt>
        <dd>{d?.uf ?? '—'}</dd>
        <dt>Natureza da operação</dt>
        <dd>{naturezaOperacao}</dd>
      </dl>
    </>
  );
}

function NfeItens({ itens }: { itens: any[] }) {
  return (
    <>
      <h2>Itens</h2>
      <div class="tabela">
        <table class="itens-nfe" data-itens>
          <thead>
            <tr>
              <th scope="col">Nº</th>
              <th scope="col">Código</th>
              <th scope="col">Descrição</th>
              <th scope="col">NCM</th>
              <th scope="col">CFOP</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Valor unitário</th>
              <th scope="col">Total</th>
              <th scope="col">ICMS</th>
              <th scope="col">ICMS-ST</th>
              <th scope="col">IPI</th>
              <th scope="col">PIS</th>
              <th scope="col">COFINS</th>
              <th scope="col">IBS</th>
              <th scope="col">CBS</th>
            </tr>
          </thead>
          <tbody>
            {itens.map((i) => (
              <tr data-item={i.numero}>
                <th scope="row" data-rotulo="Nº">
                  {i.numero}
                </th>
                <td data-rotulo="Código">{i.codigo}</td>
                <td data-rotulo="Descrição">{i.descricao}</td>
                <td data-rotulo="NCM">{i.ncm}</td>
                <td data-rotulo="CFOP">{i.cfop}</td>
                <td class="num" data-rotulo="Quantidade">
                  {formatQuantidade(i.quantidade)} {i.unidade}
                </td>
                <td class="num" data-rotulo="Valor unitário">
                  {formatMoney(i.valorUnitario)}
                </td>
                <td class="num" data-rotulo="Total">
                  {formatMoney(i.valorTotal)}
                  {i.desconto && <small>desconto {formatMoney(i.desconto)}</small>}
                </td>
                <td class="num" data-rotulo="ICMS">
                  {formatMoney(i.icms)}
                  {i.aliquotaIcms && <small>{formatPercent(i.aliquotaIcms)}</small>}
                </td>
                <td class="num" data-rotulo="ICMS-ST">
                  {formatMoney(i.icmsSt)}
                </td>
                <td class="num" data-rotulo="IPI">
                  {formatMoney(i.ipi)}
                </td>
                <td class="num" data-rotulo="PIS">
                  {formatMoney(i.pis)}
                </td>
                <td class="num" data-rotulo="COFINS">
                  {formatMoney(i.cofins)}
                </td>
                <td class="num" data-rotulo="IBS">
                  {formatMoney(i.ibs)}
                </td>
                <td class="num" data-rotulo="CBS">
                  {formatMoney(i.cbs)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const TOTAIS: Array<[string, string]> = [
  ['produtos', 'Produtos'],
  ['descontos', 'Descontos'],
  ['frete', 'Frete'],
  ['seguro', 'Seguro'],
  ['outros', 'Outras despesas'],
  ['baseIcms', 'Base do ICMS'],
  ['icms', 'ICMS'],
  ['baseIcmsSt', 'Base do ICMS-ST'],
  ['icmsSt', 'ICMS-ST'],
  ['ipi', 'IPI'],
  ['pis', 'PIS'],
  ['cofins', 'COFINS'],
  ['baseIbsCbs', 'Base do IBS/CBS'],
  ['ibs', 'IBS'],
  ['cbs', 'CBS'],
  ['tributosAproximados', 'Tributos aproximados'],
];

function NfeTotais({ t }: { t: Record<string, string | null> }) {
  return (
    <>
      <h2>Totais</h2>
      <dl class="dados" data-totais>
        {TOTAIS.map(([campo, nome]) => (
          <>
            <dt>{nome}</dt>
            <dd data-total={campo}>{formatMoney(t[campo])}</dd>
          </>
        ))}
        <dt>Total da nota</dt>
        <dd data-total="total">
          <strong>{formatMoney(t.total)}</strong>
        </dd>
      </dl>
    </>
  );
}

function NfePagamentos({ pagamentos, troco }: { pagamentos: any[]; troco: string | null }) {
  return (
    <>
      <h2>Pagamento</h2>
      <dl class="dados" data-pagamentos>
        {pagamentos.map((p) => (
          <>
            <dt>{FORMAS[p.forma] ?? p.forma}</dt>
            <dd>
              {formatMoney(p.valor)}
              {p.descricao && ` — ${p.descricao}`}
            </dd>
          </>
        ))}
        {troco && (
          <>
            <dt>Troco</dt>
            <dd>{formatMoney(troco)}</dd>
          </>
        )}
      </dl>
    </>
  );
}
