import type { PerfilAbrasf } from '../perfil-abrasf.js';

/** What a municipality deviates in from its family's profile; `fonte` says where the deviation was read. */
export type AjusteMunicipioAbrasf = Partial<Omit<PerfilAbrasf, 'ibge' | 'familia' | 'versao' | 'fonteAjuste'>> & {
  fonte: string;
};

/**
 * The municipalities whose service is known to differ from their family's profile, by IBGE code. Everything else of
 * a municipality (its addresses included) comes from the provider table and the family.
 */
export const AJUSTES_MUNICIPIO_ABRASF: Readonly<Record<string, AjusteMunicipioAbrasf>> = {
  // Ribeirão Preto/SP (ISSnet 2.04) issues one RPS per GerarNfse where the other ISSnet cities take a one-RPS lot.
  '3543402': { emissao: 'GerarNfse', fonte: 'relato de uma integração com o ISSnet de Ribeirão Preto (2026)' },
  // Campinas/SP (ISSCampinas, DSF 2.03) validates against its own copy of the DSF 2.03 schema.
  '3509502': {
    esquema: 'dsf/2.03-isscampinas/acbr/nfse.xsd',
    fonte: 'esquema ISSCampinas 2.03 da pasta de provedores (cópia de uma biblioteca)',
  },
};
