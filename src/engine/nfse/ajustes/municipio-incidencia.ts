import { servicoNacional } from '../../tabelas/index.js';

export interface MunicipioIncidenciaOptions {
  /** cTribNac, six digits; null when the request and the company defaults give none. */
  codigo: string | null;
  /** Place of service (cLocPrestacao). */
  localPrestacao: string | null;
  /** The recipient's municipality, when the request gives one. */
  municipioTomador?: string | null;
  /** The provider's establishment (the company's municipality, cLocEmi). */
  municipioPrestador: string;
}

/**
 * The municipality where ISSQN is due, by the service's incidence in Anexo I (sheet MUN.INCID_INFO.SERV.,
 * LC 116/2003 art. 3): the provider's establishment unless the service is due only at the place of service or
 * only at the recipient's establishment.
 */
export function municipioIncidencia(o: MunicipioIncidenciaOptions): string | null {
  const servico = o.codigo ? servicoNacional(o.codigo) : null;
  if (servico?.incidencia.localPrestacao && !servico.incidencia.estabelecimentoPrestador) return o.localPrestacao;
  if (servico?.incidencia.estabelecimentoTomador && !servico.incidencia.estabelecimentoPrestador) {
    return o.municipioTomador ?? o.municipioPrestador;
  }
  return o.municipioPrestador;
}
