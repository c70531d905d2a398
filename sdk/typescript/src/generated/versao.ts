// Gerado por scripts/generate-types.mjs a partir de package.json. Não edite: rode `npm run generate`.

/** The library's version, as package.json gives it (sent in User-Agent). */
export const VERSAO = '1.1.0';
