import type { Environment } from '../nucleo/environment.js';
import { DAY } from '../nucleo/clock.js';
import { municipio, parametrosMunicipio, type ParametrosMunicipio } from '../tabelas/index.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { nfeReadinessItems } from './nfe-readiness-items.js';
import { reducaoIbsCbsItem } from './reducao-ibs-cbs-item.js';

export type Situacao = 'ok' | 'aviso' | 'bloqueio';

export interface ReadinessItem {
  item: string;
  situacao: Situacao;
  mensagem: string;
  correcao: string | null;
}

export interface ReadinessFacts {
  company: CompanyWithCertificate;
  /** The account's plan; only production issuance needs one, so test keys pass null. */
  accountPlan: string | null;
  environment: Environment;
  now: Date;
}

const ok = (item: string, mensagem: string): ReadinessItem => ({ item, situacao: 'ok', mensagem, correcao: null });
const aviso = (item: string, mensagem: string, correcao: string): ReadinessItem => ({ item, situacao: 'aviso', mensagem, correcao });
const bloqueio = (item: string, mensagem: string, correcao: string): ReadinessItem => ({ item, situacao: 'bloqueio', mensagem, correcao });

/** Every readiness requirement (NFS-e and NF-e), computed from stored data and the municipality tables. */
export function readinessItems({ company, accountPlan, environment, now }: ReadinessFacts): ReadinessItem[] {
  const params = parametrosMunicipio(company.municipio);
  const mun = municipio(company.municipio);
  const padroes = (company.padroes ?? {}) as Record<string, unknown>;
  const items: ReadinessItem[] = [];

  items.push(
    company.status === 'pausada'
      ? bloqueio('empresa_ativa', 'A empresa está pausada.', 'Retome a empresa com POST /v1/companies/{id}/retomada.')
      : ok('empresa_ativa', 'Empresa ativa.'),
  );
  items.push(certificateItem(company, now));
  items.push(
    company.regimeTributario
      ? ok('regime_tributario', `Regime tributário: ${company.regimeTributario}.`)
      : bloqueio('regime_tributario', 'Regime tributário não configurado.', 'Informe regime_tributario da empresa.'),
  );
  if (environment === 'test') items.push(ok('plano_emissao', 'Chave de teste: não precisa de plano.'));
  else if (accountPlan === 'ativo') items.push(ok('plano_emissao', 'Plano de emissão ativo.'));
  else items.push(bloqueio('plano_emissao', 'A conta não tem plano de emissão ativo.', 'Ative um plano de emissão para emitir em produção.'));

  if (environment === 'test' && params?.convenio === 'proprio') {
    items.push(bloqueio('sandbox_municipio_proprio', `${mun?.nome ?? company.municipio} emite pelo sistema próprio da prefeitura, que não tem ambiente de teste.`, 'Teste a integração com uma empresa de município do sistema nacional, ou emita em produção.'));
  } else {
    items.push(ok('sandbox_municipio_proprio', environment === 'test' ? 'O município tem ambiente de teste.' : 'Só se aplica a chaves de teste.'));
  }
  if (params?.exigeToken) {
    items.push(company.tokenMunicipioEnc
      ? ok('token_municipio', 'Token do portal da prefeitura salvo.')
      : bloqueio('token_municipio', 'O município autentica a emissão com um token do portal da prefeitura.', 'Gere o token no portal da prefeitura e salve-o em token_municipio.'));
  } else {
    items.push(ok('token_municipio', 'O município não exige token.'));
  }

  if (company.regimeTributario === 'simples_nacional') {
    items.push(company.regimeApuracaoSimples
      ? ok('regime_apuracao_simples', `Apuração: ${company.regimeApuracaoSimples}.`)
      : aviso('regime_apuracao_simples', 'Regime de apuração do Simples Nacional não informado.', 'Informe regime_apuracao_simples para a DPS indicar como os tributos são apurados.'));
  } else {
    items.push(ok('regime_apuracao_simples', 'Não se aplica fora do Simples Nacional.'));
  }
  items.push(mun
    ? ok('municipio_emissao', `Município: ${mun.nome}/${mun.uf}.`)
    : aviso('municipio_emissao', `Município ${company.municipio} desconhecido.`, 'Corrija o código IBGE do município.'));
  if (params?.convenio === 'nacional') items.push(ok('convenio_municipio', 'O município usa o sistema nacional da NFS-e.'));
  else if (params?.convenio === 'proprio') items.push(aviso('convenio_municipio', 'O município emite pelo sistema próprio da prefeitura.', 'A emissão passa pelo sistema municipal; confira prazos e regras locais.'));
  else items.push(aviso('convenio_municipio', 'Não há dados sobre a adesão do município ao sistema nacional.', 'Confirme a adesão no portal da NFS-e nacional.'));
  items.push(ok('serie_dps', environment === 'test' ? 'Série de teste 49999.' : `Série da DPS: ${company.serieDps ?? '1'}.`));
  items.push(typeof padroes.codigo_nacional === 'string'
    ? ok('padroes_emissao', `Código de serviço padrão: ${padroes.codigo_nacional}.`)
    : aviso('padroes_emissao', 'Sem código de serviço padrão.', 'Informe padroes.codigo_nacional, ou envie servico.codigo_nacional em cada nota.'));
  items.push(municipalParametersItem(params, padroes, now));
  items.push(typeof padroes.nbs === 'string'
    ? ok('nbs', `NBS padrão: ${padroes.nbs}.`)
    : aviso('nbs', 'Sem NBS padrão para o grupo IBS/CBS.', 'Informe padroes.nbs ou servico.nbs nas notas.'));
  items.push(reducaoIbsCbsItem(padroes, now));
  items.push(...nfeReadinessItems(company, environment));
  return items;
}

function municipalParametersItem(params: ParametrosMunicipio | null, padroes: Record<string, unknown>, now: Date): ReadinessItem {
  const fix = 'Envie servico.aliquota_iss em cada nota ou informe padroes.aliquota_iss.';
  if (!params) return aviso('parametros_municipais', 'Parâmetros oficiais do município não conhecidos.', fix);
  const codigo = typeof padroes.codigo_nacional === 'string' ? padroes.codigo_nacional : null;
  if (!codigo) return ok('parametros_municipais', `Parâmetros do município conhecidos (${params.fonte}).`);
  const rate = params.aliquotaOficial(codigo, now.toISOString().slice(0, 7));
  return rate
    ? ok('parametros_municipais', `Alíquota oficial do serviço ${codigo}: ${rate}%.`)
    : aviso('parametros_municipais', `Sem alíquota oficial única para o serviço ${codigo} no município.`, fix);
}

function certificateItem(company: CompanyWithCertificate, now: Date): ReadinessItem {
  const cert = company.certificate;
  if (!cert) return bloqueio('certificado', 'Nenhum certificado A1 enviado.', 'Envie o certificado A1 em POST /v1/companies/{id}/certificate.');
  if (cert.notAfter <= now) return bloqueio('certificado', `Certificado vencido em ${cert.notAfter.toISOString().slice(0, 10)}.`, 'Renove o certificado A1 e envie o novo.');
  const days = Math.floor((cert.notAfter.getTime() - now.getTime()) / DAY);
  if (days < 30) return aviso('certificado', `Certificado vence em ${days} dia(s).`, 'Renove o certificado A1 antes do vencimento.');
  return ok('certificado', `Certificado válido até ${cert.notAfter.toISOString().slice(0, 10)}.`);
}

export function worstOf(items: ReadinessItem[]): Situacao {
  if (items.some((i) => i.situacao === 'bloqueio')) return 'bloqueio';
  if (items.some((i) => i.situacao === 'aviso')) return 'aviso';
  return 'ok';
}
