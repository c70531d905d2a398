/** The selection every company route returns, so all of them answer the same resource shape. */
export const COMPANY_FIELDS = `
    id cnpj razaoSocial municipio regimeTributario inscricaoMunicipal regimeApuracaoSimples serieDps rotaNfse inscricaoEstadual serieNfe endereco autorizadosXml email emailTomador { automatico }
    tokenMunicipioConfigurado credenciaisProvedor { usuario senhaDefinida tokenDefinido } padroes status criadoEm atualizadoEm
    certificado { cnpj titular serial validoDe validoAte }`;

/** A fallible root field answering one company: the company, or the DomainError the REST facade maps. */
export const COMPANY_RESULT = `__typename ... on Company { ${COMPANY_FIELDS} } ...DomainErrorFields`;
