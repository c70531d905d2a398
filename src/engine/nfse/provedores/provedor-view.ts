import type { DecisaoRota, OrigemRota } from './decide-rota-nfse.js';
import { sistemaOf } from './sistemas-proprios.js';

/** A municipality's NFS-e provider as `GET /v1/municipios/{ibge}` shows it (`provedor`). */
export interface ProvedorView {
  nome: string | null;
  familia: string | null;
  versao: string | null;
  rota: DecisaoRota['rota'];
  confianca: DecisaoRota['confianca'];
  fonte: string;
  data: string | null;
  origem: OrigemRota;
  /** A system this service reaches issues on the route (the national one or an own system that serves it). */
  suportado: boolean;
}

/** The decided route of a municipality with its provider's row, and whether this service issues there. */
export function provedorView(decisao: DecisaoRota): ProvedorView {
  const { nome, familia, versao } = decisao.provedor;
  return {
    nome,
    familia,
    versao,
    rota: decisao.rota,
    confianca: decisao.confianca,
    fonte: decisao.fonte,
    data: decisao.data,
    origem: decisao.origem,
    suportado: sistemaOf(decisao) !== null,
  };
}
