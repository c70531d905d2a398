import { municipio } from '../../tabelas/municipio.js';
import { perfilFamiliaAbrasf, servicoDaFamilia } from '../abrasf/perfis-abrasf.js';
import { contratoProprioLayoutNacional } from '../layout-nacional/perfis-layout-nacional.js';
import { servicoLayoutNacional } from '../layout-nacional/servico-layout-nacional.js';
import type { DecisaoRota } from './decide-rota-nfse.js';
import type { NfseSistema, SistemaReadinessItem } from './nfse-sistema.js';

const ITEM = 'provedor_municipio';

const CORRECAO_SEM_ROTA =
  'Emita pelo portal da prefeitura; se a empresa sabe que o município aceita o sistema nacional, defina rota_nfse: "nacional" na empresa.';

/** "Campinas/SP", or the code where the IBGE table does not know it. */
export function nomeMunicipio(ibge: string): string {
  const m = municipio(ibge);
  return m ? `${m.nome}/${m.uf}` : `o município ${ibge}`;
}

/** Where the route's provider stands, in a sentence's words. */
function destino(decisao: DecisaoRota, rota: DecisaoRota['rota']): string {
  const { nome, layout } = decisao.provedor;
  switch (rota) {
    case 'nacional':
      return 'o sistema nacional';
    case 'abrasf':
      return `o provedor ${nome} (${layout})`;
    case 'provedor_layout_nacional':
      return `o web service do provedor ${nome} (layout nacional da DPS)`;
    case 'sao_paulo':
      return 'a NFS-e Paulistana';
    default:
      return nome ? `o provedor ${nome}, de layout próprio (${layout})` : 'nenhum provedor conhecido';
  }
}

/** Where the data place the municipality that the company's choice goes against. */
function contraOsDados(decisao: DecisaoRota): string {
  if (decisao.rotaDados === 'desconhecido' && !decisao.provedor.nome)
    return 'para o qual os dados não conhecem provedor';
  return `que segundo os dados emite via ${destino(decisao, decisao.rotaDados)}`;
}

/** Why no system this service reaches issues for the municipality. */
function motivo(decisao: DecisaoRota): string {
  const { nome, layout } = decisao.provedor;
  if (decisao.rota === 'desconhecido' && decisao.origem !== 'tabela')
    return `o município emite pelo sistema próprio da prefeitura segundo ${decisao.fonte}, e a tabela de provedores não descreve esse sistema`;
  if (decisao.rota === 'desconhecido' && !nome)
    return 'nenhum provedor de NFS-e é conhecido para o município (nenhuma fonte da tabela de provedores o coloca)';
  if (decisao.rota === 'desconhecido')
    return `o provedor ${nome} usa um layout próprio (${layout}), que não é suportado`;
  if (decisao.rota === 'sao_paulo') return 'a NFS-e Paulistana não está disponível neste serviço';
  const contrato = decisao.rota === 'provedor_layout_nacional' ? contratoProprioLayoutNacional(nome) : null;
  if (contrato)
    return `o web service do provedor ${nome} tem um contrato próprio (${contrato}), que este serviço não implementa`;
  const servico = decisao.rota === 'provedor_layout_nacional' ? servicoLayoutNacional(decisao.provedor) : null;
  if (servico && !decisao.provedor.urls.producao)
    return `a tabela de provedores não dá a URL do web service do provedor ${nome} para o município`;
  const rest = servico?.perfil.rest;
  if (rest && !servico.url)
    return `a URL que a tabela de provedores dá ao município (${decisao.provedor.urls.producao}) não é a da API do provedor ${nome} no layout nacional (termina em ${rest.caminhos.emitir})`;
  const familia = decisao.rota === 'abrasf' ? perfilFamiliaAbrasf(decisao.provedor) : null;
  if (familia?.caminhoServico && !servicoDaFamilia(familia, decisao.provedor))
    return `a URL que a tabela de provedores dá ao município (${decisao.provedor.urls.producao ?? 'nenhuma'}) não é a do serviço ${familia.familia} ${familia.versao} (termina em ${familia.caminhoServico}): a versão ou a URL da tabela está desatualizada`;
  return `o provedor ${nome} (${layout}) não é suportado`;
}

const fonteDe = (decisao: DecisaoRota) =>
  `${decisao.fonte || 'sem fonte'}${decisao.data ? `, ${decisao.data}` : ''}; confiança ${decisao.confianca}`;

/**
 * Readiness item `provedor_municipio`: where the company's notes go on its decided route, the company's choice
 * against the table as an `aviso`, and a `bloqueio` naming the municipality and the reason where no system this
 * service reaches issues for it (`sistema` null).
 */
export function provedorMunicipioItem(decisao: DecisaoRota, sistema: NfseSistema | null): SistemaReadinessItem {
  const onde = nomeMunicipio(decisao.ibge);
  if (!sistema) {
    return {
      item: ITEM,
      situacao: 'bloqueio',
      mensagem: `As notas de ${onde} não podem ser emitidas: ${motivo(decisao)} (${fonteDe(decisao)}).`,
      correcao: CORRECAO_SEM_ROTA,
    };
  }
  if (decisao.escolhaContraTabela) {
    return {
      item: ITEM,
      situacao: 'aviso',
      mensagem: `A empresa escolheu o sistema nacional (rota_nfse) para as notas de ${onde}, ${contraOsDados(decisao)} (${fonteDe(decisao)}).`,
      correcao:
        'Confirme com a prefeitura que ela aceita as notas do sistema nacional; para seguir a tabela, defina rota_nfse: null.',
    };
  }
  const escolha = decisao.origem === 'empresa' ? ' (escolha da empresa, rota_nfse, igual à dos dados)' : '';
  const provedor =
    sistema.sistema === 'nacional' || !decisao.provedor.nome ? '' : `: ${destino(decisao, decisao.rota)}`;
  return {
    item: ITEM,
    situacao: 'ok',
    mensagem: `As notas de ${onde} vão para ${sistema.nome}${provedor}${escolha} (${fonteDe(decisao)}).`,
    correcao: null,
  };
}
