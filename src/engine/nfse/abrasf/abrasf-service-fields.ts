import type { ValidationIssue } from '../../nucleo/validation-issue.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { tomadorComEndereco } from './build-abrasf-rps-itens.js';
import { itemListaServico } from './item-lista-servico.js';
import { missingProviderEmail } from './missing-provider-email.js';
import { servicoAbrasf, type PerfilAbrasf } from './perfil-abrasf.js';

/** What an ABRASF RPS needs beyond the DPS values every provider shares. */
export interface AbrasfServiceFields {
  /** Absent where the family's Servico has no ItemListaServico. */
  itemListaServico?: string;
  codigoTributacaoMunicipio?: string;
  inscricaoMunicipal?: string;
  /** The company's CNAE (`padroes.cnae`), where the layout's service items carry it. */
  cnae?: string;
  /** The provider's name and e-mail, where the layout's RPS carries the provider's data (EL's DadosPrestador). */
  prestador?: { razaoSocial: string; email: string };
}

/** What the company states of itself, for a layout whose RPS carries the provider's name and contact. */
export interface EmpresaAbrasf {
  razaoSocial: string;
  email: string | null;
}

const CODIGO = '/servico/codigo_nacional';

/**
 * The ABRASF fields of a note, derived from the DPS values (national service code, provider's registration) as the
 * city's profile says, or the problems naming the request field each one would come from.
 */
export function abrasfServiceFields(
  dps: DpsInput,
  perfil: PerfilAbrasf,
  padroes?: unknown,
  empresa?: EmpresaAbrasf,
): { campos: AbrasfServiceFields; erros: [] } | { erros: ValidationIssue[] } {
  const erros: ValidationIssue[] = [];
  const codigo = dps.serv.cServ.cTribNac;
  const servico = servicoAbrasf(perfil);
  const item = servico.includes('ItemListaServico') ? itemListaServico(codigo) : undefined;
  if (item === null) {
    erros.push({
      codigo: 'codigo_servico_municipal_indisponivel',
      campo: CODIGO,
      mensagem: `O código nacional ${codigo} não corresponde a um subitem da LC 116 que o leiaute ABRASF 2.04 aceita em ItemListaServico (${perfil.nome}).`,
      correcao: 'Informe em servico.codigo_nacional um serviço cujo subitem da LC 116 o sistema do município aceite.',
    });
  }
  if (perfil.codigoTributacaoMunicipio === 'exigido') {
    erros.push({
      codigo: 'codigo_servico_municipal_indisponivel',
      campo: CODIGO,
      mensagem: `${perfil.nome} exige CodigoTributacaoMunicipio, um código próprio do município sem correlação publicada com o código nacional ${codigo}.`,
      correcao: 'Emita esta nota no portal do município ou peça ao suporte a tabela de correlação do município.',
    });
  }
  const elementoNbs = servico.find((e) => e === 'cNBS' || e === 'NumeroNbs');
  if (elementoNbs && !dps.serv.cServ.cNBS) {
    erros.push({
      codigo: 'nbs_obrigatoria',
      campo: '/servico/nbs',
      mensagem: `${perfil.nome} exige o código NBS do serviço (${elementoNbs}) em cada RPS.`,
      correcao: 'Envie servico.nbs (9 dígitos) ou cadastre padroes.nbs na empresa.',
    });
  }
  const im = dps.prest.IM;
  if (perfil.inscricaoMunicipalObrigatoria && !im) {
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/prestador/inscricao_municipal',
      mensagem: `${perfil.nome} exige a inscrição municipal do prestador (InscricaoMunicipal) em cada RPS.`,
      correcao: 'Cadastre a inscrição municipal na empresa ou informe prestador.inscricao_municipal.',
    });
  }
  if (dps.subst && !perfil.operacoes.includes('SubstituirNfse')) {
    erros.push({
      codigo: 'campo_invalido',
      campo: '/substituicao',
      mensagem: `O serviço ABRASF de ${perfil.nome} (${perfil.familia} ${perfil.versao}) não oferece a substituição de NFS-e (SubstituirNfse).`,
      correcao: perfil.operacoes.includes('CancelarNfse')
        ? 'Cancele a nota original e emita uma nova, sem substituicao.'
        : 'Cancele a nota original no portal da prefeitura (o serviço do município não cancela por web service) e emita uma nova, sem substituicao.',
    });
  }
  erros.push(...checkChaveSubstituida(dps, perfil));
  const cnae = (padroes as { cnae?: unknown } | null | undefined)?.cnae;
  erros.push(...checkModeloRps(dps, perfil, cnae));
  if (perfil.modeloRps === 'el') erros.push(...checkElRps(dps, perfil, empresa));
  if (erros.length > 0) return { erros };
  return {
    campos: {
      ...(item ? { itemListaServico: item } : {}),
      ...(perfil.codigoTributacaoMunicipio === 'codigo_nacional' ? { codigoTributacaoMunicipio: codigo } : {}),
      ...(im ? { inscricaoMunicipal: im } : {}),
      ...((perfil.modeloRps === 'itens' || perfil.modeloRps === 'el') && typeof cnae === 'string' ? { cnae } : {}),
      ...(perfil.modeloRps === 'el' && empresa?.email
        ? { prestador: { razaoSocial: empresa.razaoSocial, email: empresa.email } }
        : {}),
    },
    erros: [],
  };
}

/**
 * A family whose substitution names the replaced note's ChaveAcesso (EloTech's Pedido requires it) substitutes only a
 * note whose stored document carries it: a note issued outside the service, or whose city wrote none, cannot be
 * named, and nothing is sent without it.
 */
function checkChaveSubstituida(dps: DpsInput, perfil: PerfilAbrasf): ValidationIssue[] {
  const chave = dps.subst?.chSubstda;
  if (!chave || !perfil.operacoes.includes('SubstituirNfse') || !perfil.elementos.chaveAcessoNoCancelamento) return [];
  if (dps.subst?.chaveAcessoMunicipio) return [];
  return [
    {
      codigo: 'campo_invalido',
      campo: '/substituicao',
      mensagem: `${perfil.nome} (${perfil.familia} ${perfil.versao}) só substitui uma NFS-e informando a ChaveAcesso que o município escreveu nela, e a nota a substituir (${chave}) não a traz: não foi emitida por este serviço, ou o município não a escreveu.`,
      correcao:
        'Cancele a nota (POST /v1/nfse/{id}/cancelamento, ou no portal da prefeitura se não foi emitida por este serviço) e emita uma nova sem substituicao.',
    },
  ];
}

/**
 * What the RPS the profile's modeloRps names requires beyond the template's fields: the items' (`itens`, EloTech) the
 * company's CNAE and a taker with a national address; MegaSoft's taker group (tcDadosTomador) its address.
 */
function checkModeloRps(dps: DpsInput, perfil: PerfilAbrasf, cnae: unknown): ValidationIssue[] {
  const erros: ValidationIssue[] = [];
  if (perfil.modeloRps === 'megasoft' && dps.toma && !dps.toma.end)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/tomador/endereco',
      mensagem: `${perfil.nome} (${perfil.familia} ${perfil.versao}) exige o endereço do tomador em cada RPS.`,
      correcao: 'Informe tomador.endereco (logradouro, número, bairro, CEP e município).',
    });
  if (perfil.modeloRps === 'itens') {
    if (typeof cnae !== 'string')
      erros.push({
        codigo: 'campo_obrigatorio',
        campo: '',
        mensagem: `${perfil.nome} (${perfil.familia} ${perfil.versao}) exige o CNAE da empresa em cada item de serviço (CodigoCnae).`,
        correcao: 'Cadastre padroes.cnae (7 dígitos) na empresa.',
      });
    if (!tomadorComEndereco(dps))
      erros.push({
        codigo: 'campo_obrigatorio',
        campo: '/tomador/endereco',
        mensagem: `${perfil.nome} (${perfil.familia} ${perfil.versao}) exige o endereço nacional do tomador (Tomador/Endereco).`,
        correcao: 'Informe tomador.endereco com CEP, logradouro, número, bairro e município.',
      });
  }
  return erros;
}

/**
 * What EL's own RPS (el-nfse.xsd) requires beyond the template's fields: the provider's e-mail (tcDadosPrestador's
 * Contato), a taker (DadosTomador) with its national address (CodigoMunicipio, Municipio, Uf) and e-mail, and a
 * description of at most 255 characters (tsDescricao).
 */
function checkElRps(dps: DpsInput, perfil: PerfilAbrasf, empresa: EmpresaAbrasf | undefined): ValidationIssue[] {
  const erros: ValidationIssue[] = [];
  const quem = `${perfil.nome} (${perfil.familia} ${perfil.versao})`;
  if (!empresa?.email) erros.push({ codigo: 'campo_obrigatorio', campo: '', ...missingProviderEmail(perfil) });
  if (!dps.toma)
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/tomador',
      mensagem: `${quem} exige o tomador em cada RPS (DadosTomador).`,
      correcao: 'Informe o tomador com documento, nome, endereço e e-mail.',
    });
  else {
    if (!tomadorComEndereco(dps))
      erros.push({
        codigo: 'campo_obrigatorio',
        campo: '/tomador/endereco',
        mensagem: `${quem} exige o endereço nacional do tomador (DadosTomador/Endereco).`,
        correcao: 'Informe tomador.endereco com CEP, logradouro, número, bairro e município.',
      });
    if (!dps.toma.email)
      erros.push({
        codigo: 'campo_obrigatorio',
        campo: '/tomador/email',
        mensagem: `${quem} exige o e-mail do tomador (DadosTomador/Contato/Email).`,
        correcao: 'Informe tomador.email.',
      });
  }
  if (dps.serv.cServ.xDescServ.length > 255)
    erros.push({
      codigo: 'campo_invalido',
      campo: '/servico/descricao',
      mensagem: `${quem} aceita no máximo 255 caracteres na descrição do serviço (Servico/Descricao).`,
      correcao: 'Resuma servico.descricao em até 255 caracteres.',
    });
  return erros;
}
