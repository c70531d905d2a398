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
 * a CNPJ provider (tcIdentificacaoPrestador has no CPF), its municipal registration (required in the lot), an
 * LC 116 subitem for the national service code and, where the family's schema asks, numeric CNPJs, an identified
 * taker and the Reforma Tributária codes (NBS, cClassTrib, INDOP) the note takes as the national DPS does.
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
  erros.push(...exigenciasDoEsquema(dps, perfil));
  const rtc = perfil.servicoRtc ? codigosRtc(dps) : undefined;
  if (erros.length > 0 || !item) return { erros };
  return { campos: { itemListaServico: item, inscricaoMunicipal: dps.prest.IM, ...(rtc ? { rtc } : {}) }, erros: [] };
}

/** The NBS and the IBS/CBS classification of the note (request or company defaults), when it has all three. */
function codigosRtc(dps: Input['dps']): CamposAbrasf1['rtc'] {
  const nbs = dps.serv.cServ.cNBS;
  const cClassTrib = dps.IBSCBS?.valores.trib.gIBSCBS.cClassTrib;
  const indOp = dps.IBSCBS?.cIndOp;
  return nbs && cClassTrib && indOp ? { nbs, cClassTrib, indOp } : undefined;
}

/** What the family's schema requires that the national DPS leaves optional. */
function exigenciasDoEsquema(dps: Input['dps'], perfil: PerfilAbrasf1): ErrorItem[] {
  const erros: ErrorItem[] = [];
  if (perfil.tomadorObrigatorio && !dps.toma)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/tomador',
      mensagem: `${perfil.nome} exige o tomador identificado, com nome (Tomador/RazaoSocial), em cada RPS.`,
      correcao: 'Informe tomador.documento e tomador.nome.',
    });
  const letras = /[A-Z]/i;
  if (perfil.cnpjNumerico && dps.prest.CNPJ && letras.test(dps.prest.CNPJ))
    erros.push({
      codigo: 'campo_invalido',
      campo: '/prestador',
      mensagem: `O esquema de ${perfil.nome} aceita só CNPJ numérico: um prestador com CNPJ alfanumérico não emite por este sistema.`,
      correcao: 'Emita a nota no portal do município.',
    });
  if (perfil.cnpjNumerico && dps.toma && 'CNPJ' in dps.toma && dps.toma.CNPJ && letras.test(dps.toma.CNPJ))
    erros.push({
      codigo: 'campo_invalido',
      campo: '/tomador/documento',
      mensagem: `O esquema de ${perfil.nome} aceita só CNPJ numérico: o tomador com CNPJ alfanumérico não pode ser informado.`,
      correcao: 'Emita a nota no portal do município.',
    });
  if (!perfil.servicoRtc) return erros;
  if (!dps.serv.cServ.cNBS)
    erros.push({
      codigo: 'nbs_obrigatoria',
      campo: '/servico/nbs',
      mensagem: `${perfil.nome} exige o código NBS do serviço (NBS) em cada RPS.`,
      correcao: 'Envie servico.nbs (9 dígitos) ou cadastre padroes.nbs na empresa.',
    });
  if (!dps.IBSCBS?.valores.trib.gIBSCBS.cClassTrib)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/servico/ibs_cbs/c_class_trib',
      mensagem: `${perfil.nome} exige a classificação tributária do IBS/CBS (cClassTrib) em cada RPS.`,
      correcao:
        'Informe servico.ibs_cbs.c_class_trib (6 dígitos da tabela oficial) ou configure o cClassTrib padrão da empresa.',
    });
  else if (!dps.IBSCBS.cIndOp)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/servico/ibs_cbs/indicador_operacao',
      mensagem: `${perfil.nome} exige o indicador da operação do IBS/CBS (INDOP) em cada RPS.`,
      correcao: 'Informe servico.ibs_cbs.indicador_operacao (6 dígitos) ou configure o padrão da empresa.',
    });
  return erros;
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
