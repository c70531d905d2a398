import type { AtributoIdDps } from './perfil-layout-nacional.js';

/**
 * The national DPS with its `infDPS` identifier attribute named as the provider's schema takes it (unsigned: the
 * signature is computed afterwards, over the attribute as sent). The national `Id` leaves the document unchanged.
 */
export function dpsComAtributoId(dpsXml: string, atributo: AtributoIdDps): string {
  return atributo === 'Id' ? dpsXml : dpsXml.replace('<infDPS Id="', `<infDPS ${atributo}="`);
}
