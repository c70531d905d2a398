import type { Environment } from '../nucleo/environment.js';
import { DAY } from '../nucleo/clock.js';
import { municipio } from '../tabelas/index.js';
import type { ParametrosConsultados } from '../municipios/query-parametros.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { nfeReadinessItems } from './nfe-readiness-items.js';
import { reducaoIbsCbsItem } from './reducao-ibs-cbs-item.js';
import { sistemaOf } from '../nfse/provedores/sistemas-proprios.js';
import type { NfseSistema } from '../nfse/provedores/nfse-sistema.js';
import { rotaNfseDaEmpresa } from '../nfse/provedores/rota-nfse-da-empresa.js';
import type { DecisaoRota } from '../nfse/provedores/decide-rota-nfse.js';
import { provedorMunicipioItem } from '../nfse/provedores/provedor-municipio-item.js';
import { credenciaisProvedorItem } from '../nfse/provedores/credenciais-provedor-item.js';

export type Situacao = 'ok' | 'aviso' | 'bloqueio';

export interface ReadinessItem {
  item: string;
  situacao: Situacao;
  mensagem: string;
  correcao: string | null;
  /** Items read from official data (municipal parameters, the IBS/CBS classification table): where the fact came from, and the version of that data; null elsewhere. */
  fonte?: string | null;
  versao?: string | null;
}

export interface ReadinessFacts {
  company: CompanyWithCertificate;
  /** The account's plan; only production issuance needs one, so test keys pass null. */
  accountPlan: string | null;
  environment: Environment;
  now: Date;
  /** The company municipality's parameters (national API, its cache, or the offline data). */
  municipal: ParametrosConsultados;
}

const ok = (item: string, mensagem: string): ReadinessItem => ({ item, situacao: 'ok', mensagem, correcao: null });
const aviso = (item: string, mensagem: string, correcao: string): ReadinessItem => ({
  item,
  situacao: 'aviso',
  mensagem,
  correcao,
});
const bloqueio = (item: string, mensagem: string, correcao: string): ReadinessItem => ({
  item,
  situacao: 'bloqueio',
  mensagem,
  correcao,
});

/** Every readiness requirement (NFS-e and NF-e), computed from stored data and the municipality tables. */
export function readinessItems(facts: ReadinessFacts): ReadinessItem[] {
  const { company, environment, now, municipal: params } = facts;
  const origem = { fonte: params.convenioFonte, versao: params.versao };
  const mun = municipio(company.municipio);
  const padroes = (company.padroes ?? {}) as Record<string, unknown>;
  const rota = rotaNfseDaEmpresa(company, params, now);
  const sistema = sistemaOf(rota);
  const items: ReadinessItem[] = [
    ...companyItems(facts),
    { ...sandboxItem(facts, mun?.nome ?? company.municipio, sistema), ...origem },
    tokenItem(company, params),
    regimeApuracaoItem(company),
    mun
      ? ok('municipio_emissao', `Município: ${mun.nome}/${mun.uf}.`)
      : aviso(
          'municipio_emissao',
          `Município ${company.municipio} desconhecido.`,
          'Corrija o código IBGE do município.',
        ),
    { ...convenioItem(params), ...origem },
    { ...provedorMunicipioItem(rota, sistema), fonte: rota.fonte || null, versao: rotaVersao(rota) },
    credenciaisProvedorItem(rota, sistema, company),
    ok('serie_dps', environment === 'test' ? 'Série de teste 49999.' : `Série da DPS: ${company.serieDps ?? '1'}.`),
    padroesItem(padroes),
    { ...municipalParametersItem(params, padroes, now), fonte: params.fonte, versao: params.versao },
    typeof padroes.nbs === 'string'
      ? ok('nbs', `NBS padrão: ${padroes.nbs}.`)
      : aviso('nbs', 'Sem NBS padrão para o grupo IBS/CBS.', 'Informe padroes.nbs ou servico.nbs nas notas.'),
    reducaoIbsCbsItem(padroes, now),
    ...nfeReadinessItems(company, environment),
  ];
  // What the company's issuing system asks beyond the national layout stands where the general item found nothing,
  // or on its own where no general item has its name.
  const doSistema: ReadinessItem[] = sistema?.readinessItems(company) ?? [];
  const proprios = doSistema.filter((s) => !items.some((i) => i.item === s.item));
  // Every item has both members, so the 412's `itens` read exactly as GET …/prontidao.
  return [
    ...items.map((i) => (i.situacao === 'ok' ? (doSistema.find((s) => s.item === i.item) ?? i) : i)),
    ...proprios,
  ].map((i) => ({ ...i, fonte: i.fonte ?? null, versao: i.versao ?? null }));
}

/** The company itself: active, its certificate, its tax regime, the account's plan. */
function companyItems({ company, accountPlan, environment, now }: ReadinessFacts): ReadinessItem[] {
  const plano =
    environment === 'test'
      ? ok('plano_emissao', 'Chave de teste: não precisa de plano.')
      : accountPlan === 'ativo'
        ? ok('plano_emissao', 'Plano de emissão ativo.')
        : bloqueio(
            'plano_emissao',
            'A conta não tem plano de emissão ativo.',
            'Ative um plano de emissão para emitir em produção.',
          );
  return [
    company.status === 'pausada'
      ? bloqueio('empresa_ativa', 'A empresa está pausada.', 'Retome a empresa com POST /v1/companies/{id}/retomada.')
      : ok('empresa_ativa', 'Empresa ativa.'),
    certificateItem(company, now),
    company.regimeTributario
      ? ok('regime_tributario', `Regime tributário: ${company.regimeTributario}.`)
      : bloqueio('regime_tributario', 'Regime tributário não configurado.', 'Informe regime_tributario da empresa.'),
    plano,
  ];
}

/**
 * A test key of a company whose route is an own system is refused: none has a test environment. Where no system
 * serves the route, `provedor_municipio` refuses every key. Our survey alone (no act, API or list) changes no route:
 * it is only a warning.
 */
function sandboxItem(
  { environment, municipal: params }: ReadinessFacts,
  nome: string,
  sistema: NfseSistema | null,
): ReadinessItem {
  if (environment === 'test' && sistema && sistema.sistema !== 'nacional') {
    return bloqueio(
      'sandbox_municipio_proprio',
      `${nome} emite pelo sistema próprio da prefeitura, que não tem ambiente de teste.`,
      'Teste a integração com uma empresa de município do sistema nacional, ou emita em produção.',
    );
  }
  if (environment === 'test' && !sistema)
    return ok('sandbox_municipio_proprio', 'Sem sistema de emissão: veja provedor_municipio.');
  if (environment === 'test' && params.convenio === 'proprio' && !params.convenioConhecido) {
    return aviso(
      'sandbox_municipio_proprio',
      `Nosso levantamento indica que ${nome} emite pelo sistema próprio, sem ato ou consulta oficial que o confirme: os testes seguem pelo simulador do sistema nacional.`,
      'Confirme no portal da prefeitura como o município emite a NFS-e antes de ir para produção.',
    );
  }
  return ok(
    'sandbox_municipio_proprio',
    environment === 'test' ? 'O município tem ambiente de teste.' : 'Só se aplica a chaves de teste.',
  );
}

function tokenItem(company: CompanyWithCertificate, params: ParametrosConsultados): ReadinessItem {
  if (!params?.exigeToken) return ok('token_municipio', 'O município não exige token.');
  return company.tokenMunicipioEnc
    ? ok('token_municipio', 'Token do portal da prefeitura salvo.')
    : bloqueio(
        'token_municipio',
        'O município autentica a emissão com um token do portal da prefeitura.',
        'Gere o token no portal da prefeitura e salve-o em token_municipio.',
      );
}

function regimeApuracaoItem(company: CompanyWithCertificate): ReadinessItem {
  if (company.regimeTributario !== 'simples_nacional')
    return ok('regime_apuracao_simples', 'Não se aplica fora do Simples Nacional.');
  return company.regimeApuracaoSimples
    ? ok('regime_apuracao_simples', `Apuração: ${company.regimeApuracaoSimples}.`)
    : aviso(
        'regime_apuracao_simples',
        'Regime de apuração do Simples Nacional não informado.',
        'Informe regime_apuracao_simples para a DPS indicar como os tributos são apurados.',
      );
}

/** The company's default service code (what an own system asks of the defaults comes from the system). */
function padroesItem(padroes: Record<string, unknown>): ReadinessItem {
  if (typeof padroes.codigo_nacional !== 'string') {
    return aviso(
      'padroes_emissao',
      'Sem código de serviço padrão.',
      'Informe padroes.codigo_nacional, ou envie servico.codigo_nacional em cada nota.',
    );
  }
  return ok('padroes_emissao', `Código de serviço padrão: ${padroes.codigo_nacional}.`);
}

/** The version of the data the route came from: the provider table's row date, the act's start, the API's answer. */
function rotaVersao(rota: DecisaoRota): string | null {
  return rota.origem === 'empresa' ? 'rota_nfse da empresa' : rota.data;
}

/** How the answer was obtained, for the messages: integrators see when the API was not the one answering. */
function comoObtido(params: ParametrosConsultados): string {
  switch (params.convenioOrigem) {
    // The same words fresh or from the cache: the 412 and GET …/prontidao right after it read alike.
    case 'api':
    case 'cache':
      return `segundo a API de parâmetros municipais do ADN (consulta de ${params.consultadoEm})`;
    case 'cache_expirado':
      return `segundo a última resposta da API de parâmetros municipais (${params.consultadoEm}); a API não respondeu agora`;
    case 'ato':
      return `segundo ato municipal${params.convenioDesde ? ` (desde ${params.convenioDesde})` : ''}`;
    case 'lista_oficial':
      return `segundo a lista oficial de aderentes ao Emissor Nacional de ${params.consultadoEm}`;
    case 'levantamento':
      return 'segundo o levantamento do projeto, sem ato que o confirme';
    default:
      return 'sem dados';
  }
}

function convenioItem(params: ParametrosConsultados): ReadinessItem {
  const semApi =
    params.apiIndisponivel && params.convenioOrigem !== 'cache_expirado'
      ? ` A API de parâmetros municipais não pôde ser usada (${params.apiIndisponivel}).`
      : '';
  if (params.convenio === 'nacional')
    return ok('convenio_municipio', `O município usa o sistema nacional da NFS-e, ${comoObtido(params)}.${semApi}`);
  if (params.convenio === 'proprio') {
    return aviso(
      'convenio_municipio',
      `O município emite pelo sistema próprio da prefeitura, ${comoObtido(params)}.${semApi}`,
      'A emissão passa pelo sistema municipal; confira prazos e regras locais.',
    );
  }
  return aviso(
    'convenio_municipio',
    `Não há dados sobre a adesão do município ao sistema nacional (${params.convenioFonte}).${semApi}`,
    'Confirme a adesão no portal da NFS-e nacional.',
  );
}

function municipalParametersItem(
  params: ParametrosConsultados,
  padroes: Record<string, unknown>,
  now: Date,
): ReadinessItem {
  const fix = 'Envie servico.aliquota_iss em cada nota ou informe padroes.aliquota_iss.';
  const codigo = typeof padroes.codigo_nacional === 'string' ? padroes.codigo_nacional : null;
  // Without the API nor a kept answer the rates are our table's: said in the message, while the situation stays
  // that of the data, so an outage of the API does not flip every company's readiness.
  const offline =
    params.apiIndisponivel !== null && !params.aliquotasNacionais.some((a) => a.resposta.kind !== 'unknown');
  const nota = offline
    ? ` A API de parâmetros municipais não pôde ser usada (${params.apiIndisponivel}); valem os dados offline.`
    : '';
  if (!codigo) return ok('parametros_municipais', `Parâmetros do município conhecidos (${params.fonte}).${nota}`);
  const rate = params.aliquotaOficial(codigo, now.toISOString().slice(0, 7));
  if (rate) return ok('parametros_municipais', `Alíquota oficial do serviço ${codigo}: ${rate}%.${nota}`);
  // The company's default rate is what an issuance without servico.aliquota_iss uses (create-company.ts keeps it
  // as padroes.aliquota_iss): with it there is nothing left to inform, so no advice to inform it.
  const padrao = typeof padroes.aliquota_iss === 'string' ? padroes.aliquota_iss : null;
  if (padrao)
    return ok(
      'parametros_municipais',
      `Sem alíquota oficial única para o serviço ${codigo} no município; vale a alíquota padrão da empresa, ${padrao}%.${nota}`,
    );
  return aviso(
    'parametros_municipais',
    `Sem alíquota oficial única para o serviço ${codigo} no município.${nota}`,
    fix,
  );
}

function certificateItem(company: CompanyWithCertificate, now: Date): ReadinessItem {
  const cert = company.certificate;
  if (!cert)
    return bloqueio(
      'certificado',
      'Nenhum certificado A1 enviado.',
      'Envie o certificado A1 em POST /v1/companies/{id}/certificate.',
    );
  if (cert.notAfter <= now)
    return bloqueio(
      'certificado',
      `Certificado vencido em ${cert.notAfter.toISOString().slice(0, 10)}.`,
      'Renove o certificado A1 e envie o novo.',
    );
  const days = Math.floor((cert.notAfter.getTime() - now.getTime()) / DAY);
  if (days < 30)
    return aviso('certificado', `Certificado vence em ${days} dia(s).`, 'Renove o certificado A1 antes do vencimento.');
  return ok('certificado', `Certificado válido até ${cert.notAfter.toISOString().slice(0, 10)}.`);
}

export function worstOf(items: ReadinessItem[]): Situacao {
  if (items.some((i) => i.situacao === 'bloqueio')) return 'bloqueio';
  if (items.some((i) => i.situacao === 'aviso')) return 'aviso';
  return 'ok';
}
