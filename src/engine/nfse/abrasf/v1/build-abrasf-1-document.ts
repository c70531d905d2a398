import type { ErrorItem } from '../../../errors.js';
import type { ProviderDocument, ProviderDocumentInput } from '../../provedores/nfse-provider.js';
import { identificacaoRps } from '../build-abrasf-rps.js';
import { itemListaServico } from '../item-lista-servico.js';
import { lotMessage, type CamposAbrasf1 } from './abrasf-1-message.js';
import { noteDocumentId, type DadosAbrasf1 } from './abrasf-1-note.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';
import { signAbrasf1Xml } from './sign-abrasf-1-xml.js';

type Input = Omit<ProviderDocumentInput, 'signer'>;

/**
 * What a 1.00 RPS needs beyond the national fields, or the problems naming the request field each would come from:
 * a CNPJ provider (tcIdentificacaoPrestador has no CPF), its municipal registration (required in the lot) and an
 * LC 116 subitem for the national service code.
 */
export function abrasf1Fields(
  { dps }: Pick<Input, 'dps'>,
  perfil: PerfilAbrasf1,
): { campos: CamposAbrasf1; erros: [] } | { erros: ErrorItem[] } {
  const erros: ErrorItem[] = [];
  if (!dps.prest.CNPJ)
    erros.push({
      codigo: 'campo_invalido',
      campo: '/prestador',
      mensagem: `O leiaute ABRASF 1.00 (${perfil.nome}) identifica o prestador só por CNPJ: um prestador pessoa física não emite por este sistema.`,
      correcao: 'Emita a nota no portal do município.',
    });
  if (!dps.prest.IM)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/prestador/inscricao_municipal',
      mensagem: `${perfil.nome} exige a inscrição municipal do prestador (InscricaoMunicipal) no lote de RPS.`,
      correcao: 'Cadastre a inscrição municipal na empresa ou informe prestador.inscricao_municipal.',
    });
  const item = itemListaServico(dps.serv.cServ.cTribNac);
  if (!item)
    erros.push({
      codigo: 'codigo_servico_municipal_indisponivel',
      campo: '/servico/codigo_nacional',
      mensagem: `O código nacional ${dps.serv.cServ.cTribNac} não corresponde a um subitem da LC 116 que o leiaute ABRASF aceita em ItemListaServico (${perfil.nome}).`,
      correcao: 'Informe em servico.codigo_nacional um serviço cujo subitem da LC 116 o sistema do município aceite.',
    });
  if (erros.length > 0 || !item) return { erros };
  return { campos: { itemListaServico: item, inscricaoMunicipal: dps.prest.IM }, erros: [] };
}

/**
 * The note's document: the whole RecepcionarLoteRps message of a one-RPS lot, signed where the family signs, so
 * every resend is the same bytes (NfseProvider.buildDocument).
 */
export function buildAbrasf1Document(
  { company, dps, signer }: ProviderDocumentInput,
  perfil: PerfilAbrasf1,
): ProviderDocument {
  const fields = abrasf1Fields({ dps }, perfil);
  if (!('campos' in fields)) throw new Error('buildDocument sem checkIssuance: campos ABRASF 1.00 indisponíveis');
  const rps = identificacaoRps(dps);
  let xml = lotMessage(perfil, { dps, rps, campos: fields.campos, cnpj: company.cnpj });
  xml = signAbrasf1Xml(xml, signer, { elemento: 'InfRps', tipo: 'rps' }, perfil);
  xml = signAbrasf1Xml(xml, signer, { elemento: 'LoteRps', tipo: 'lote' }, perfil);
  const dados: DadosAbrasf1 = {
    familia: perfil.familia,
    inscricaoMunicipal: fields.campos.inscricaoMunicipal ?? null,
    protocolo: null,
  };
  return { id: noteDocumentId(company.municipio, company.cnpj, rps), xml, dados };
}
