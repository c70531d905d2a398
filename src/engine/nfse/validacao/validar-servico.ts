import { Decimal } from 'decimal.js';
import { capitulosNbsAceitos, municipio, nbs as nbsTabela, nbsCompativel, servicoNacional } from '../../tabelas/index.js';
import { Coletor, lerBooleano, lerCodigo, lerObjeto, lerTexto, presente, ptr, type Objeto } from '../../nucleo/coletor.js';
import type { IbsCbsServico, ObraRequest, ServicoRequest } from './nfse-request.js';

const CAMPOS_SERVICO = ['descricao', 'codigo_nacional', 'aliquota_iss', 'iss_retido', 'nbs', 'ibs_cbs', 'obra', 'municipio_prestacao'] as const;
const CAMPOS_IBS_CBS = ['cst', 'c_class_trib', 'indicador_operacao'] as const;
const CAMPOS_OBRA = ['cno', 'cib', 'cep', 'numero', 'logradouro', 'complemento', 'bairro', 'municipio', 'inscricao_imobiliaria'] as const;

// pAliq is TSDec1V2 (one integer digit); E0595 caps it at 5%.
const ALIQUOTA = /^\d(\.\d{1,2})?$/;
const ALIQUOTA_MAX = new Decimal('5');

/** Reads an IBGE municipality code and checks that it exists (Anexo A; E0302 for cLocPrestacao). */
export function lerMunicipio(obj: Objeto | null, key: string, campo: string, c: Coletor, nome: string): string | undefined {
  const cod = lerCodigo(obj, key, campo, c, 7, nome, '3550308');
  if (cod === undefined) return undefined;
  if (!municipio(cod)) {
    c.add('municipio_inexistente', campo, `${nome} ${cod} não existe na tabela de municípios do IBGE.`,
      'Informe o código IBGE de 7 dígitos do município (por exemplo 3550308 para São Paulo).');
    return undefined;
  }
  return cod;
}

export function lerCep(obj: Objeto | null, key: string, campo: string, c: Coletor, nome: string): string | undefined {
  return lerCodigo(obj, key, campo, c, 8, nome, '01310100');
}

/** `servico` (DPS serv/cServ, valores/trib/tribMun). Returns the normalized part, possibly partial. */
export function validarServico(v: unknown, c: Coletor): Partial<ServicoRequest> | null {
  const base = '/servico';
  const o = lerObjeto(v, base, CAMPOS_SERVICO, c);
  if (!o) return null;
  const s: Partial<ServicoRequest> = {};

  s.descricao = lerTexto(o, 'descricao', ptr(base, 'descricao'), c, {
    obrigatorio: 'A descrição do serviço', max: 2000, nome: 'A descrição do serviço',
  });

  const campoCodigo = ptr(base, 'codigo_nacional');
  const codigo = lerCodigo(o, 'codigo_nacional', campoCodigo, c, 6, 'O código de tributação nacional', '010101');
  if (codigo !== undefined) {
    if (servicoNacional(codigo)) s.codigo_nacional = codigo;
    else {
      c.add('codigo_servico_inexistente', campoCodigo, `O código de tributação nacional ${codigo} não existe na lista de serviços nacional.`,
        'Use um código de 6 dígitos da lista nacional (LC 116/2003 com desdobramento), por exemplo 010101 para análise e desenvolvimento de sistemas.',
        'E0310');
    }
  }

  const aliq = lerAliquota(o, c);
  if (aliq !== undefined) s.aliquota_iss = aliq;
  const retido = lerBooleano(o, 'iss_retido', ptr(base, 'iss_retido'), c);
  if (retido !== undefined) s.iss_retido = retido;

  const campoNbs = ptr(base, 'nbs');
  const cNbs = lerCodigo(o, 'nbs', campoNbs, c, 9, 'O código NBS', '115021000');
  if (cNbs !== undefined) {
    if (!nbsTabela(cNbs)) {
      c.add('nbs_inexistente', campoNbs, `O código NBS ${cNbs} não existe na NBS 2.0 (ou é um título sem código completo).`,
        'Informe um código NBS completo de 9 dígitos da tabela NBS 2.0.', 'E0316');
    } else s.nbs = cNbs;
  }

  if (presente(o, 'ibs_cbs')) {
    const ibsCbs = lerIbsCbs(o.ibs_cbs, ptr(base, 'ibs_cbs'), c);
    if (ibsCbs) s.ibs_cbs = ibsCbs;
  }

  const campoObra = ptr(base, 'obra');
  if (presente(o, 'obra')) {
    const obra = validarObra(o.obra, campoObra, c);
    if (obra) s.obra = obra;
  }

  const local = lerMunicipio(o, 'municipio_prestacao', ptr(base, 'municipio_prestacao'), c, 'O município de prestação');
  if (local !== undefined) s.municipio_prestacao = local;
  if (local && s.obra?.municipio && s.obra.municipio !== local) {
    c.add('municipio_prestacao_divergente', ptr(base, 'municipio_prestacao'),
      `O município de prestação (${local}) difere do município da obra (${s.obra.municipio}); o local da prestação de uma obra é o município da obra.`,
      'Remova servico.municipio_prestacao ou informe o mesmo município de servico.obra.municipio.');
  }

  // Obra and NBS rules depend on the code actually used (request or company default): validarRegrasDoCodigo.
  return s;
}

/**
 * `servico.ibs_cbs`: the codes' formats only; whether the classification exists and fits the service is judged on
 * the effective values (request or company default) by validarClassificacaoIbsCbs.
 */
function lerIbsCbs(v: unknown, base: string, c: Coletor): IbsCbsServico | undefined {
  const o = lerObjeto(v, base, CAMPOS_IBS_CBS, c);
  if (!o) return undefined;
  const cst = lerCodigo(o, 'cst', ptr(base, 'cst'), c, 3, 'O CST do IBS/CBS', '200');
  const cClassTrib = lerCodigo(o, 'c_class_trib', ptr(base, 'c_class_trib'), c, 6, 'O cClassTrib', '200028');
  const campoIndicador = ptr(base, 'indicador_operacao');
  let indicador = lerTexto(o, 'indicador_operacao', campoIndicador, c, { nome: 'O indicador da operação (cIndOp)' });
  if (indicador !== undefined && !/^\d{6}$/.test(indicador)) {
    c.formato(campoIndicador, `O indicador da operação (cIndOp) deve ter 6 dígitos; recebido "${indicador}".`,
      'Informe os 6 dígitos do código da tabela "código indicador de operação" do Sistema Nacional NFS-e que descreve onde o serviço é fornecido.');
    indicador = undefined;
  }
  return {
    ...(cst !== undefined && { cst }),
    ...(cClassTrib !== undefined && { c_class_trib: cClassTrib }),
    ...(indicador !== undefined && { indicador_operacao: indicador }),
  };
}

/** Obra and NBS rules that depend on the effective service code (request or company default). */
export function validarRegrasDoCodigo(codigo: string | undefined, obraEnviada: boolean, nbsEnviada: string | undefined, c: Coletor): void {
  if (!codigo) return;
  const serv = servicoNacional(codigo);
  if (!serv) return;
  const fmt = serv.codigoFormatado;
  if (serv.exigeObra && !obraEnviada) {
    c.add('obra_obrigatoria', '/servico/obra', `O serviço ${fmt} é de construção civil e exige os dados da obra.`,
      'Informe servico.obra com cno, cib ou cep e numero, e o municipio da obra.', 'E0370');
  } else if (obraEnviada && !serv.aceitaObra) {
    c.add('obra_nao_permitida', '/servico/obra', `O serviço ${fmt} não é de construção civil: o grupo de obra não é permitido.`,
      'Remova servico.obra, ou use o código de um serviço de obra (07.02.01, 07.02.02, 07.04.01, 07.05.01, 07.05.02, 07.06.01, 07.06.02, 07.07.01, 07.08.01, 07.17.01, 07.19.01, 14.14.03, 14.14.04).',
      'E0372');
  }
  if (nbsEnviada && !nbsCompativel(codigo, nbsEnviada)) {
    c.add('nbs_fora_do_servico', '/servico/nbs',
      `A NBS ${nbsEnviada} não corresponde ao serviço ${fmt} (${serv.descricaoItem.replace(/\.$/, '')}).`,
      `Informe uma NBS dos capítulos ${capitulosNbsAceitos(codigo).join(', ')} compatível com o serviço, ou revise o código de serviço.`);
  }
}

function lerAliquota(o: Objeto, c: Coletor): string | undefined {
  const campo = '/servico/aliquota_iss';
  if (!presente(o, 'aliquota_iss')) return undefined;
  const v = o.aliquota_iss;
  if (typeof v !== 'string') {
    c.tipoInvalido(campo, 'texto decimal (por exemplo "2.00")', v);
    return undefined;
  }
  const t = v.trim();
  if (!ALIQUOTA.test(t)) {
    c.formato(campo, `A alíquota do ISS "${v}" não é um percentual válido.`,
      'Informe o percentual como texto com ponto decimal e até duas casas, por exemplo "2.00" ou "5".');
    return undefined;
  }
  const d = new Decimal(t);
  if (d.lte(0) || d.gt(ALIQUOTA_MAX)) {
    c.add('aliquota_iss_invalida', campo, `A alíquota do ISS deve ser maior que 0% e no máximo 5%; recebido ${t}%.`,
      'Informe a alíquota do município para o serviço (entre 2% e 5% pela LC 116/2003; no Simples Nacional, a do anexo do prestador).',
      d.gt(ALIQUOTA_MAX) ? 'E0595' : undefined);
    return undefined;
  }
  return d.toFixed(2);
}

function validarObra(v: unknown, base: string, c: Coletor): ObraRequest | null {
  const o = lerObjeto(v, base, CAMPOS_OBRA, c);
  if (!o) return null;
  const obra: ObraRequest = {};
  const cno = lerTexto(o, 'cno', ptr(base, 'cno'), c, { max: 30, nome: 'O CNO da obra' });
  const cib = lerTexto(o, 'cib', ptr(base, 'cib'), c, { nome: 'O CIB da obra' });
  const cep = lerCep(o, 'cep', ptr(base, 'cep'), c, 'O CEP da obra');
  const numero = lerTexto(o, 'numero', ptr(base, 'numero'), c, { max: 60, nome: 'O número do endereço da obra' });
  const logradouro = lerTexto(o, 'logradouro', ptr(base, 'logradouro'), c, { max: 255, nome: 'O logradouro da obra' });
  const complemento = lerTexto(o, 'complemento', ptr(base, 'complemento'), c, { max: 156, nome: 'O complemento da obra' });
  const bairro = lerTexto(o, 'bairro', ptr(base, 'bairro'), c, { max: 60, nome: 'O bairro da obra' });
  const mun = lerMunicipio(o, 'municipio', ptr(base, 'municipio'), c, 'O município da obra');
  const inscr = lerTexto(o, 'inscricao_imobiliaria', ptr(base, 'inscricao_imobiliaria'), c, { max: 30, nome: 'A inscrição imobiliária' });

  if (cib !== undefined && !/^[0-9A-Z]{8}$/i.test(cib)) {
    c.formato(ptr(base, 'cib'), `O CIB "${cib}" deve ter 8 caracteres.`, 'Informe o código do Cadastro Imobiliário Brasileiro com 8 caracteres.');
  }
  // DPS obra: exactly one of cObra (CNO/CEI), cCIB or the address (TCInfoObra choice).
  const ids = [presente(o, 'cno'), presente(o, 'cib'), presente(o, 'cep')].filter(Boolean).length;
  if (ids === 0) {
    c.add('campo_obrigatorio', base, 'A obra deve ser identificada por cno, cib ou cep com numero.',
      'Informe servico.obra.cno (Cadastro Nacional de Obras), servico.obra.cib, ou servico.obra.cep e servico.obra.numero.');
  } else if (ids > 1) {
    c.formato(base, 'A obra deve ser identificada por apenas um entre cno, cib e cep.', 'Envie só um dos identificadores da obra.');
  }
  if (presente(o, 'cep') && !presente(o, 'numero')) c.obrigatorio(ptr(base, 'numero'), 'O número do endereço da obra');
  // The obra municipality becomes the place of service; without a CEP nothing else can give it.
  if (!presente(o, 'cep') && !presente(o, 'municipio')) {
    c.obrigatorio(ptr(base, 'municipio'), 'O município da obra', 'Informe servico.obra.municipio (código IBGE de 7 dígitos).');
  }
  if (cno) obra.cno = cno;
  if (cib) obra.cib = cib.toUpperCase();
  if (cep) obra.cep = cep;
  if (numero) obra.numero = numero;
  if (logradouro) obra.logradouro = logradouro;
  if (complemento) obra.complemento = complemento;
  if (bairro) obra.bairro = bairro;
  if (mun) obra.municipio = mun;
  if (inscr) obra.inscricao_imobiliaria = inscr;
  return obra;
}
