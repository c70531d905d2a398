/** Version and source of an official table, carried by every catalogue answer. */
export interface VersaoTabela {
  versao: string;
  fonte: string;
}

/**
 * National service list and NBS 2.0 come from Anexo B of the Sistema Nacional NFS-e (v1.00; the v1.01 of
 * 22/01/2026 is not in the data directory); the ISS incidence columns from Anexo I v1.00 of 16/12/2025.
 */
export const TABELA_SERVICOS: VersaoTabela = {
  versao: 'anexo_b-v1.00+anexo_i-v1.00-20251216',
  fonte:
    'Sistema Nacional NFS-e: Anexo B (Lista de Serviços Nacional e NBS 2.0, anexo_b-nbs2-lista_servico_nacional-snnfse.xlsx) ' +
    'e Anexo I v1.00 de 16/12/2025 (incidência do ISSQN por cTribNac, aba MUN.INCID_INFO.SERV.)',
};

/** IBGE municipalities: Anexo A v1.00 of 10/12/2025. */
export const TABELA_MUNICIPIOS: VersaoTabela = {
  versao: 'anexo_a-v1.00-20251210',
  fonte:
    'Sistema Nacional NFS-e: Anexo A (municípios IBGE, anexo_a-municipio_ibge-paises_iso2-v1-00-snnfse-20251210.xlsx)',
};

/**
 * NCM: Siscomex "Tabela NCM vigente em 17/05/2026" (Resolução Gecex nº 812/2025), plus the items that table no
 * longer lists, with the end date implied by the codes that replaced them (src/engine/tabelas/README.md).
 */
export const TABELA_NCM: VersaoTabela = {
  versao: 'siscomex-ncm-vigente-20260517',
  fonte:
    'Siscomex, Tabela NCM vigente em 17/05/2026 (Resolução Gecex nº 812/2025); itens encerrados em 31/01/2026 da tabela vigente em 13/05/2025',
};

/** CEST: the NCM/CEST annexes as consolidated up to Convênio ICMS 53/2016 (src/engine/tabelas/README.md). */
export const TABELA_CEST: VersaoTabela = {
  versao: 'confaz-cest-20160817',
  fonte: 'CONFAZ, anexos do Convênio ICMS 92/2015 atualizados até os Convênios ICMS 139/15, 146/15, 16/16 e 53/16',
};
