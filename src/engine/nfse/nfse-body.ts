import { Decimal } from 'decimal.js';
import * as v from 'valibot';
import { documentoFederal } from '../nucleo/documento-federal.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf, type BodyReport } from '../nucleo/read-body.js';
import { nbs as nbsTabela, servicoNacional } from '../tabelas/index.js';
import { isValidAccessKey } from './nacional/access-key.js';
import {
  booleanMember,
  codeMember,
  municipioMember,
  objectMember,
  textMember,
  typeMember,
} from './validacao/member-schemas.js';
import { EMAIL_ADDRESS } from './email/destinatarios-member.js';
import { nfseEmailMember } from './email/email-body.js';

// TSDec15V2: up to 13 integer digits and 2 decimals.
const VALOR = /^\d{1,13}(\.\d{1,2})?$/;
// pAliq is TSDec1V2 (one integer digit); E0595 caps it at 5%.
const ALIQUOTA = /^\d(\.\d{1,2})?$/;
const ALIQUOTA_MAX = new Decimal('5');
export const MOTIVOS_SUBSTITUICAO = ['01', '02', '03', '04', '05', '99'] as const;

const cep = (nome: string) => codeMember(nome, 8, '01310100');

const endereco = objectMember({
  // DPS endNac: CEP, xLgr, nro and xBairro are required; the municipality may come from the CEP.
  cep: v.nullish(cep('O CEP')),
  logradouro: v.nullish(textMember('O logradouro', { max: 255, required: true })),
  numero: v.nullish(textMember('O número', { max: 60, required: true })),
  complemento: v.nullish(textMember('O complemento', { max: 156 })),
  bairro: v.nullish(textMember('O bairro', { max: 60, required: true })),
  municipio: v.nullish(municipioMember('O município do endereço')),
});

const tomador = objectMember({
  documento: v.nullish(
    v.pipe(
      textMember('O documento do tomador', { required: true }),
      v.check(
        (s) => s === '' || documentoFederal(s) !== null,
        (i) =>
          issueMessage(
            `O documento "${i.input}" não é um CPF nem um CNPJ válido (tamanho ou dígitos verificadores).`,
            'Informe o CPF (11 dígitos) ou o CNPJ (14 caracteres; o CNPJ alfanumérico é aceito) do tomador, conferindo os dígitos verificadores.',
            'documento_invalido',
          ),
      ),
    ),
  ),
  nome: v.nullish(textMember('O nome do tomador', { max: 300 })),
  email: v.nullish(
    v.pipe(
      textMember('O e-mail do tomador', { max: 80 }),
      v.check(
        (s) => EMAIL_ADDRESS.test(s),
        (i) =>
          issueMessage(
            `O e-mail "${i.input}" não é válido.`,
            'Informe um endereço de e-mail como nome@dominio.com.br.',
          ),
      ),
    ),
  ),
  telefone: v.nullish(
    v.pipe(
      textMember('O telefone do tomador'),
      v.check(
        (s) => /^\d{6,20}$/.test(s.replace(/[\s()\-+.]/g, '')),
        (i) => issueMessage(`O telefone "${i.input}" não é válido.`, 'Informe de 6 a 20 dígitos, com DDD.'),
      ),
      v.transform((s) => s.replace(/[\s()\-+.]/g, '')),
    ),
  ),
  inscricaoMunicipal: v.nullish(textMember('A inscrição municipal do tomador', { max: 15 })),
  endereco: v.nullish(endereco),
});

const obra = objectMember({
  cno: v.nullish(textMember('O CNO da obra', { max: 30 })),
  cib: v.nullish(
    v.pipe(
      textMember('O CIB da obra'),
      v.check(
        (s) => /^[0-9A-Z]{8}$/i.test(s),
        (i) =>
          issueMessage(
            `O CIB "${i.input}" deve ter 8 caracteres.`,
            'Informe o código do Cadastro Imobiliário Brasileiro com 8 caracteres.',
          ),
      ),
      v.toUpperCase(),
    ),
  ),
  cep: v.nullish(cep('O CEP da obra')),
  numero: v.nullish(textMember('O número do endereço da obra', { max: 60 })),
  logradouro: v.nullish(textMember('O logradouro da obra', { max: 255 })),
  complemento: v.nullish(textMember('O complemento da obra', { max: 156 })),
  bairro: v.nullish(textMember('O bairro da obra', { max: 60 })),
  municipio: v.nullish(municipioMember('O município da obra')),
  inscricaoImobiliaria: v.nullish(textMember('A inscrição imobiliária', { max: 30 })),
});

const servico = objectMember({
  descricao: v.nullish(textMember('A descrição do serviço', { max: 2000, required: true })),
  codigoNacional: v.nullish(
    v.pipe(
      codeMember('O código de tributação nacional', 6, '010101'),
      v.check(
        (s) => servicoNacional(s) !== null,
        (i) =>
          issueMessage(
            `O código de tributação nacional ${i.input} não existe na lista de serviços nacional.`,
            'Use um código de 6 dígitos da lista nacional (LC 116/2003 com desdobramento), por exemplo 010101 para análise e desenvolvimento de sistemas.',
            'codigo_servico_inexistente',
            'E0310',
          ),
      ),
    ),
  ),
  aliquotaIss: v.nullish(
    v.pipe(
      v.string(typeMember('texto decimal (por exemplo "2.00")')),
      v.check(
        (s) => ALIQUOTA.test(s.trim()),
        (i) =>
          issueMessage(
            `A alíquota do ISS "${i.input}" não é um percentual válido.`,
            'Informe o percentual como texto com ponto decimal e até duas casas, por exemplo "2.00" ou "5".',
          ),
      ),
      v.check(
        (s) => new Decimal(s.trim()).gt(0) && new Decimal(s.trim()).lte(ALIQUOTA_MAX),
        (i) =>
          issueMessage(
            `A alíquota do ISS deve ser maior que 0% e no máximo 5%; recebido ${i.input.trim()}%.`,
            'Informe a alíquota do município para o serviço (entre 2% e 5% pela LC 116/2003; no Simples Nacional, a do anexo do prestador).',
            'aliquota_iss_invalida',
            new Decimal(i.input.trim()).gt(ALIQUOTA_MAX) ? 'E0595' : undefined,
          ),
      ),
      v.transform((s) => new Decimal(s.trim()).toFixed(2)),
    ),
  ),
  issRetido: v.nullish(booleanMember()),
  nbs: v.nullish(
    v.pipe(
      codeMember('O código NBS', 9, '115021000'),
      v.check(
        (s) => nbsTabela(s) !== null,
        (i) =>
          issueMessage(
            `O código NBS ${i.input} não existe na NBS 2.0 (ou é um título sem código completo).`,
            'Informe um código NBS completo de 9 dígitos da tabela NBS 2.0.',
            'nbs_inexistente',
            'E0316',
          ),
      ),
    ),
  ),
  // A municipality's own service list (São Paulo's 4-5 digits); separators are dropped.
  codigoMunicipal: v.nullish(
    v.pipe(
      textMember('O código de serviço do município'),
      v.transform((s) => s.replace(/[.\-/\s]/g, '')),
      v.check(
        (s) => /^\d{4,5}$/.test(s),
        (i) =>
          issueMessage(
            `O código de serviço do município deve ter 4 ou 5 dígitos; recebido "${i.input}".`,
            'Informe o código da lista de serviços do município, por exemplo "02658" em São Paulo.',
          ),
      ),
    ),
  ),
  // The codes' formats only; whether the classification exists and fits the service is judged on the effective
  // values (request or company default) by validateClassificacaoIbsCbs.
  ibsCbs: v.nullish(
    objectMember({
      cst: v.nullish(codeMember('O CST do IBS/CBS', 3, '200')),
      cClassTrib: v.nullish(codeMember('O cClassTrib', 6, '200028')),
      indicadorOperacao: v.nullish(
        v.pipe(
          textMember('O indicador da operação (cIndOp)'),
          v.check(
            (s) => /^\d{6}$/.test(s),
            (i) =>
              issueMessage(
                `O indicador da operação (cIndOp) deve ter 6 dígitos; recebido "${i.input}".`,
                'Informe os 6 dígitos do código da tabela "código indicador de operação" do Sistema Nacional NFS-e que descreve onde o serviço é fornecido.',
              ),
          ),
        ),
      ),
    }),
  ),
  obra: v.nullish(obra),
  municipioPrestacao: v.nullish(municipioMember('O município de prestação')),
});

const substituicao = objectMember({
  nfseId: v.nullish(textMember('O nfse_id', { max: 60 })),
  chaveAcesso: v.nullish(
    v.pipe(
      textMember('A chave de acesso'),
      v.toUpperCase(),
      v.check(
        (s) => isValidAccessKey(s),
        issueMessage(
          'A chave de acesso deve ter 50 caracteres e dígito verificador válido.',
          'Copie a chave de acesso de 50 caracteres da NFS-e a substituir.',
          'formato_invalido',
          'E0042',
        ),
      ),
    ),
  ),
  codigoMotivo: v.nullish(
    v.pipe(
      v.string(typeMember('texto ("01" a "05" ou "99")')),
      v.check(
        (s) => (MOTIVOS_SUBSTITUICAO as readonly string[]).includes(s.trim()),
        (i) =>
          issueMessage(
            `Código de motivo "${i.input}" inválido.`,
            'Use "01" (desenquadramento do Simples), "02" (enquadramento no Simples), "03" (inclusão retroativa de imunidade/isenção), "04" (exclusão retroativa de imunidade/isenção), "05" (rejeição pelo tomador/intermediário) ou "99" (outros, com motivo).',
          ),
      ),
      v.transform((s) => s.trim() as (typeof MOTIVOS_SUBSTITUICAO)[number]),
    ),
  ),
  motivo: v.nullish(textMember('O motivo da substituição', { min: 15, max: 255 })),
});

/**
 * The members of one NFS-e request: the body of `POST /v1/nfse` and `/v1/nfse/validacoes` (GraphQL `NfseInput`)
 * and one line of a batch. Rules that need the company, the key or the clock (the company's defaults, the
 * provider as recipient, a future competence, the ISS rate) are `checkNfseBody`'s.
 */
export const nfseFields = {
  empresaId: v.nullish(textMember('O empresa_id', { required: true })),
  referencia: v.nullish(
    v.pipe(
      textMember('A referência'),
      v.check(
        (s) => [...s].length <= 60,
        (i) =>
          issueMessage(
            `A referência tem ${[...i.input].length} caracteres; o máximo é 60.`,
            'Use uma referência de até 60 caracteres, única por empresa e ambiente.',
            'referencia_muito_longa',
          ),
      ),
    ),
  ),
  // Format and month are checked against the clock (checkNfseBody).
  competencia: v.nullish(v.string(typeMember('texto no formato AAAA-MM'))),
  tomador: v.nullish(tomador),
  valor: v.nullish(
    v.pipe(
      v.string(typeMember('texto decimal (por exemplo "1500.00")')),
      v.check(
        (s) => VALOR.test(s.trim()) && new Decimal(s.trim()).gt(0),
        (i) =>
          issueMessage(
            `O valor "${i.input}" não é um valor monetário válido.`,
            'Informe um valor maior que zero como texto, com ponto decimal e no máximo duas casas, por exemplo "1500.00" (sem separador de milhar).',
          ),
      ),
      v.transform((s) => new Decimal(s.trim()).toFixed(2)),
    ),
  ),
  servico: v.nullish(servico),
  substituicao: v.nullish(substituicao),
  prestador: v.nullish(
    objectMember({ inscricaoMunicipal: v.nullish(textMember('A inscrição municipal', { max: 15 })) }),
  ),
  informacoesComplementares: v.nullish(textMember('As informações complementares', { max: 2000 })),
  // Not part of the DPS: whether and to whom the service e-mails the note (nfse/email).
  email: v.nullish(nfseEmailMember()),
};

type Members = Record<string, unknown>;
const isMembers = (x: unknown): x is Members => typeof x === 'object' && x !== null && !Array.isArray(x);
/** Sent: neither absent nor JSON null. */
const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;

/** A member that must be sent: absent, null (or, for a required text, blank) is `campo_obrigatorio` with its wording. */
function requiredMember(
  o: Members,
  key: string,
  report: BodyReport,
  { campo, oque, correcao }: { campo: string; oque: string; correcao?: string },
): void {
  if (sent(o, key) && o[key] !== '') return;
  if (!report.valid(campo)) return;
  report.add({
    codigo: 'campo_obrigatorio',
    campo,
    mensagem: `${oque} é obrigatório.`,
    correcao: correcao ?? `Informe ${oque.toLowerCase()}.`,
  });
}

/** The rules between members of one request that need nothing but the request. */
export function refineNfseFields(body: Members, report: BodyReport): void {
  if (!isMembers(body)) return;
  requiredMember(body, 'tomador', report, {
    campo: '/tomador',
    oque: 'O tomador',
    correcao: 'Informe tomador.documento (CPF ou CNPJ).',
  });
  requiredMember(body, 'valor', report, {
    campo: '/valor',
    oque: 'O valor',
    correcao: 'Informe valor como texto com ponto decimal, por exemplo "1500.00".',
  });
  requiredMember(body, 'servico', report, {
    campo: '/servico',
    oque: 'O serviço',
    correcao: 'Informe servico.descricao.',
  });
  if (isMembers(body.tomador)) {
    requiredMember(body.tomador, 'documento', report, { campo: '/tomador/documento', oque: 'O documento do tomador' });
    const e = body.tomador.endereco;
    if (isMembers(e)) {
      if (!sent(e, 'cep'))
        requiredMember(e, 'cep', report, { campo: '/tomador/endereco/cep', oque: 'O CEP do endereço' });
      requiredMember(e, 'logradouro', report, { campo: '/tomador/endereco/logradouro', oque: 'O logradouro' });
      requiredMember(e, 'numero', report, { campo: '/tomador/endereco/numero', oque: 'O número do endereço' });
      requiredMember(e, 'bairro', report, { campo: '/tomador/endereco/bairro', oque: 'O bairro' });
    }
  }
  if (isMembers(body.servico)) refineServico(body.servico, report);
  if (isMembers(body.substituicao)) refineSubstituicao(body.substituicao, report);
}

function refineServico(s: Members, report: BodyReport): void {
  requiredMember(s, 'descricao', report, { campo: '/servico/descricao', oque: 'A descrição do serviço' });
  const o = s.obra;
  if (isMembers(o)) {
    // DPS obra: exactly one of cObra (CNO/CEI), cCIB or the address (TCInfoObra choice).
    const ids = ['cno', 'cib', 'cep'].filter((k) => sent(o, k)).length;
    if (ids === 0) {
      report.add({
        codigo: 'campo_obrigatorio',
        campo: '/servico/obra',
        mensagem: 'A obra deve ser identificada por cno, cib ou cep com numero.',
        correcao:
          'Informe servico.obra.cno (Cadastro Nacional de Obras), servico.obra.cib, ou servico.obra.cep e servico.obra.numero.',
      });
    } else if (ids > 1) {
      report.add({
        codigo: 'formato_invalido',
        campo: '/servico/obra',
        mensagem: 'A obra deve ser identificada por apenas um entre cno, cib e cep.',
        correcao: 'Envie só um dos identificadores da obra.',
      });
    }
    if (sent(o, 'cep') && !sent(o, 'numero'))
      requiredMember(o, 'numero', report, { campo: '/servico/obra/numero', oque: 'O número do endereço da obra' });
    // The obra municipality becomes the place of service; without a CEP nothing else can give it.
    if (!sent(o, 'cep') && !sent(o, 'municipio')) {
      requiredMember(o, 'municipio', report, {
        campo: '/servico/obra/municipio',
        oque: 'O município da obra',
        correcao: 'Informe servico.obra.municipio (código IBGE de 7 dígitos).',
      });
    }
  }
  const local = s.municipioPrestacao;
  const daObra = isMembers(o) ? o.municipio : undefined;
  if (
    typeof local === 'string' &&
    typeof daObra === 'string' &&
    local !== daObra &&
    report.valid('/servico/municipio_prestacao') &&
    report.valid('/servico/obra/municipio')
  ) {
    report.add({
      codigo: 'municipio_prestacao_divergente',
      campo: '/servico/municipio_prestacao',
      mensagem: `O município de prestação (${local}) difere do município da obra (${daObra}); o local da prestação de uma obra é o município da obra.`,
      correcao: 'Remova servico.municipio_prestacao ou informe o mesmo município de servico.obra.municipio.',
    });
  }
}

function refineSubstituicao(s: Members, report: BodyReport): void {
  const ids = ['nfseId', 'chaveAcesso'].filter((k) => sent(s, k)).length;
  if (ids === 0) {
    report.add({
      codigo: 'campo_obrigatorio',
      campo: '/substituicao',
      mensagem: 'A substituição deve indicar a nota substituída.',
      correcao:
        'Informe substituicao.nfse_id (nota emitida pelo serviço) ou substituicao.chave_acesso (nota emitida fora).',
    });
  } else if (ids > 1) {
    report.add({
      codigo: 'formato_invalido',
      campo: '/substituicao',
      mensagem: 'Informe apenas um entre nfse_id e chave_acesso.',
      correcao: 'Remova um dos dois identificadores da nota substituída.',
    });
  }
  if (!sent(s, 'codigoMotivo')) {
    report.add({
      codigo: 'campo_obrigatorio',
      campo: '/substituicao/codigo_motivo',
      mensagem: 'O código do motivo da substituição é obrigatório.',
      correcao: 'Informe substituicao.codigo_motivo: "01", "02", "03", "04", "05" ou "99".',
    });
  } else if (s.codigoMotivo === '99' && report.valid('/substituicao/codigo_motivo') && !sent(s, 'motivo')) {
    report.add({
      codigo: 'motivo_obrigatorio',
      campo: '/substituicao/motivo',
      mensagem: 'O código de motivo 99 (outros) exige a descrição do motivo.',
      correcao: 'Informe substituicao.motivo com 15 a 255 caracteres explicando a substituição.',
      codigo_oficial: 'E0078',
    });
  }
}

/** The body of `POST /v1/nfse` and `POST /v1/nfse/validacoes` (GraphQL `NfseInput`). */
export const nfseBody = declareBody(objectMember(nfseFields), (body, report) =>
  refineNfseFields(body as Members, report),
);

export type NfseBody = BodyOf<typeof nfseBody>;
