/** Each readiness item (`item`, a code by the API's contract) in words; a new item shows its code. */
export const READINESS_LABELS: Record<string, string> = {
  empresa_ativa: 'Empresa ativa',
  certificado: 'Certificado A1',
  regime_tributario: 'Regime tributário',
  plano_emissao: 'Plano de emissão',
  sandbox_municipio_proprio: 'Ambiente de teste do município',
  token_municipio: 'Token da prefeitura',
  credenciais_provedor: 'Credenciais do provedor',
  email_empresa: 'E-mail da empresa',
  regime_apuracao_simples: 'Apuração no Simples Nacional',
  municipio_emissao: 'Município',
  convenio_municipio: 'Adesão do município ao sistema nacional',
  serie_dps: 'Série da DPS',
  padroes_emissao: 'Padrões de emissão',
  parametros_municipais: 'Parâmetros municipais',
  nbs: 'NBS (IBS/CBS)',
  reducao_ibs_cbs: 'Redução de IBS/CBS',
  inscricao_estadual: 'Inscrição estadual (NF-e)',
  endereco_emitente: 'Endereço do emitente (NF-e)',
  serie_nfe: 'Série da NF-e',
  autorizador_nfe: 'Autorizador da NF-e',
  autorizador_nfe_disponivel: 'Autorizador da NF-e disponível',
};

export const readinessLabel = (item: string): string => READINESS_LABELS[item] ?? item;
