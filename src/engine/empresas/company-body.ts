import * as v from 'valibot';
import { isValidCnpj } from '../nucleo/cnpj-check-digits.js';
import { optionalText, requiredText, checkText } from '../nucleo/text-rules.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf, type BodyReport } from '../nucleo/read-body.js';
import { classificacaoIbsCbs, municipio } from '../tabelas/index.js';

export const REGIMES = ['simples_nacional', 'mei', 'lucro_presumido', 'lucro_real'] as const;
export const REGIMES_APURACAO_SIMPLES = [
  'federais_municipal_sn',
  'federais_sn_municipal_fora',
  'todos_fora_sn',
] as const;
/** Occurrences of the autXML group in layout 4.00 (leiauteNFe_v4.00.xsd, maxOccurs 10). */
export const MAX_AUTORIZADOS_XML = 10;

/** The routes a company may choose for its NFS-e (`rota_nfse`). */
export const ROTAS_NFSE_EMPRESA = ['nacional'] as const;

const oneOf = (values: readonly string[], mensagem: string, correcao: string) =>
  checkText((s) => values.includes(s), `${mensagem}: deve ser um de: ${values.join(', ')}.`, correcao);

// Lengths of layout 4.00 TEndEmi (xLgr 2-60, nro 1-60, xCpl 1-60, xBairro 2-60, CEP 8 digits).
const enderecoText = (min: number) =>
  v.pipe(
    requiredText(60, 'o campo'),
    v.minLength(min, issueMessage(`de ${min} a 60 caracteres.`, 'Ajuste o tamanho.')),
  );

const endereco = v.strictObject({
  logradouro: enderecoText(2),
  numero: enderecoText(1),
  complemento: optionalText(60),
  bairro: enderecoText(2),
  cep: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/[.\-\s]/g, '')),
    v.regex(/^\d{8}$/, issueMessage('CEP com 8 dígitos.', 'Informe o CEP, por exemplo "90010000".')),
  ),
});

/** The issuer's street address as the company keeps it, required by NF-e (enderEmit); the municipality is the company's. */
export interface CompanyEndereco {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cep: string;
}

// The IBS/CBS classification of the company's service: a code the official table admits on the NFS-e, with the
// CST the table gives it. Its validity on a date and its NBS list are judged per note (competence and NBS of the note).
const ibsCbsPadrao = v.pipe(
  v.strictObject({
    cClassTrib: v.pipe(
      v.string(),
      v.regex(/^\d{6}$/, issueMessage('cClassTrib com 6 dígitos.', 'Por exemplo "000001" (tributação integral).')),
      v.check(
        (s) => classificacaoIbsCbs(s)?.validoNfse === true,
        (i) =>
          issueMessage(
            `cClassTrib ${String(i.input)} inexistente na tabela oficial do IBS/CBS ou não aceito em NFS-e.`,
            'Escolha um cClassTrib que a tabela oficial admite em NFS-e.',
            'c_class_trib_inexistente',
          ),
      ),
    ),
    cst: v.nullish(
      v.pipe(
        v.string(),
        v.regex(/^\d{3}$/, issueMessage('CST com 3 dígitos.', 'Omita-o: o CST é o do cClassTrib na tabela oficial.')),
      ),
    ),
    indicadorOperacao: v.nullish(
      v.pipe(
        v.string(),
        v.regex(
          /^\d{6}$/,
          issueMessage(
            'indicador da operação (cIndOp) com 6 dígitos.',
            'Informe o código da tabela "código indicador de operação" do Sistema Nacional NFS-e.',
          ),
        ),
      ),
    ),
  }),
  v.forward(
    v.check(
      (g) => !g.cst || classificacaoIbsCbs(g.cClassTrib)?.cst === g.cst,
      (i) =>
        issueMessage(
          `CST diferente do CST do cClassTrib ${i.input.cClassTrib} na tabela oficial (${classificacaoIbsCbs(i.input.cClassTrib)?.cst ?? '?'}).`,
          'Omita o CST ou informe o da tabela.',
          'cst_ibs_cbs_divergente',
        ),
    ),
    ['cst'],
  ),
);

/** The defaults as the company keeps them: the API's snake_case, as issuance reads them. */
export type PadroesArmazenados = Record<string, string | boolean | Record<string, string>>;

/** `padroes.ibs_cbs` as kept: members left out are not stored. */
export function storedIbsCbs(g: v.InferOutput<typeof ibsCbsPadrao>): Record<string, string> {
  return {
    c_class_trib: g.cClassTrib,
    ...(g.cst ? { cst: g.cst } : {}),
    ...(g.indicadorOperacao ? { indicador_operacao: g.indicadorOperacao } : {}),
  };
}

const padroes = v.strictObject({
  codigoNacional: v.nullish(
    v.pipe(v.string(), v.regex(/^\d{6}$/, issueMessage('código nacional com 6 dígitos.', 'Por exemplo "010101".'))),
  ),
  aliquotaIss: v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^\d{1,2}(\.\d{1,2})?$/,
        issueMessage('alíquota percentual como "2.00".', 'Use ponto decimal e até 2 casas.'),
      ),
    ),
  ),
  issRetido: v.nullish(v.boolean()),
  nbs: v.nullish(
    v.pipe(v.string(), v.regex(/^\d{9}$/, issueMessage('NBS com 9 dígitos.', 'Por exemplo "101011100".'))),
  ),
  ibsCbs: v.nullish(ibsCbsPadrao),
  // The company's CNAE (subclass, 7 digits), for the municipal layouts whose service items carry it (EloTech).
  cnae: v.nullish(
    v.pipe(v.string(), v.regex(/^\d{7}$/, issueMessage('CNAE com 7 dígitos (subclasse).', 'Por exemplo "6201501".'))),
  ),
  codigoMunicipal: v.nullish(
    v.pipe(
      v.string(),
      v.regex(
        /^\d{4,5}$/,
        issueMessage(
          'código de serviço do município com 4 ou 5 dígitos.',
          'Por exemplo "02658" (código de serviço da NFS-e de São Paulo).',
        ),
      ),
    ),
  ),
});

/** One credential of `credenciais_provedor`: absent keeps it, null removes it, a text sets it. */
const credencial = (max: number, nome: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(issueMessage(`${nome} não pode ser vazio.`, `Informe ${nome}, ou null para removê-lo.`)),
        v.maxLength(max, issueMessage(`${nome} com no máximo ${max} caracteres.`, `Reduza ${nome}.`)),
      ),
    ),
  );

// What a municipality's provider asks beyond the A1 (the login and password of its portal, an authorisation token):
// stored encrypted, never returned (src/engine/empresas/credenciais-provedor.ts).
const credenciaisProvedor = v.strictObject({
  usuario: credencial(100, 'o usuário'),
  senha: credencial(200, 'a senha'),
  token: credencial(500, 'o token'),
});

/**
 * The members of a company's settings, shared by its creation and its update. The municipality (IBGE table) and
 * the documents of `autorizados_xml` (check digits, repeats: the authority refuses a wrong one per note, rejections
 * 323/325) are checked on the result by refineCompanyFields.
 */
export const companyFields = {
  cnpj: v.pipe(
    requiredText(255, 'cnpj'),
    v.transform((s) => s.replace(/[./-]/g, '').toUpperCase()),
    v.check(
      (s) => isValidCnpj(s),
      issueMessage(
        'CNPJ inválido (dígitos verificadores).',
        'Confira o CNPJ; são aceitos o numérico e o alfanumérico.',
        'documento_invalido',
      ),
    ),
  ),
  razaoSocial: requiredText(150, 'razao_social'),
  municipio: requiredText(7, 'municipio'),
  regimeTributario: v.pipe(optionalText(40), oneOf(REGIMES, 'regime tributário', 'Escolha um regime válido.')),
  inscricaoMunicipal: optionalText(15),
  regimeApuracaoSimples: v.pipe(
    optionalText(40),
    oneOf(REGIMES_APURACAO_SIMPLES, 'regime de apuração', 'Escolha um regime de apuração válido.'),
  ),
  serieDps: v.pipe(
    optionalText(5),
    checkText((s) => /^\d{1,5}$/.test(s), 'série com 1 a 5 dígitos.', 'Informe só dígitos, por exemplo "1".'),
    // TSSerieDPS of the NFS-e schema package of 27/07/2026: [0-9]{1,4}|[0-8][0-9]{4}.
    checkText(
      (s) => !/^9\d{4}$/.test(s),
      'as séries 90000 a 99999 não são aceitas pelo Sistema Nacional NFS-e.',
      'Use uma série até 89999, por exemplo "1".',
    ),
    checkText((s) => s !== '49999', 'a série 49999 é reservada ao ambiente de teste.', 'Use outra série.'),
  ),
  // The company's own knowledge of where its municipality issues, against the provider table: only the national
  // system can be chosen (an own system is reached only where the table places it); null = the table decides.
  rotaNfse: v.pipe(
    optionalText(20),
    oneOf(ROTAS_NFSE_EMPRESA, 'rota de NFS-e', 'Use "nacional", ou null para a rota da tabela de provedores.'),
  ),
  inscricaoEstadual: v.pipe(
    optionalText(14),
    checkText(
      (s) => /^(\d{2,14}|ISENTO)$/.test(s),
      'inscrição estadual com 2 a 14 dígitos, ou ISENTO.',
      'Informe só os dígitos da inscrição estadual.',
    ),
  ),
  // Layout 4.00 TSerie; 890-999 are reserved for the tax office's own notes (avulsa), SVC contingency and
  // issuers identified by CPF, so the API series is below them.
  serieNfe: v.pipe(
    optionalText(3),
    checkText(
      (s) => /^(0|[1-9]\d{0,2})$/.test(s) && Number(s) < 890,
      'série da NF-e de 0 a 889, sem zeros à esquerda.',
      'Informe a série, por exemplo "1" (890 a 999 são reservadas).',
    ),
  ),
  endereco: v.nullish(endereco, null),
  autorizadosXml: v.nullish(
    v.pipe(
      v.array(
        v.unknown(),
        issueMessage(
          'deve ser uma lista de CPF/CNPJ.',
          'Envie autorizados_xml como lista, por exemplo ["11222333000181"].',
          'tipo_invalido',
        ),
      ),
      v.maxLength(
        MAX_AUTORIZADOS_XML,
        issueMessage(
          `no máximo ${MAX_AUTORIZADOS_XML} documentos (grupo autXML do leiaute 4.00).`,
          `Informe até ${MAX_AUTORIZADOS_XML} CPF/CNPJ.`,
        ),
      ),
    ),
    [],
  ),
  email: v.pipe(
    optionalText(254),
    checkText(
      (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      'e-mail inválido.',
      'Informe um e-mail como nome@dominio.com.br.',
    ),
  ),
  tokenMunicipio: optionalText(500),
  credenciaisProvedor: v.nullish(credenciaisProvedor),
  padroes: v.nullish(padroes, {}),
  // Whether each NFS-e authorised or cancelled is e-mailed to its taker (a note's `email.enviar` overrides it).
  emailTomador: v.nullish(
    v.strictObject({
      automatico: v.boolean(
        issueMessage('email_tomador.automatico deve ser true ou false.', 'Envie um booleano JSON.', 'tipo_invalido'),
      ),
    }),
  ),
};

/** The rules of a company's settings that need more than the value: the IBGE table, the autXML documents. */
export function refineCompanyFields(body: { municipio?: unknown; autorizadosXml?: unknown }, report: BodyReport): void {
  if (
    typeof body.municipio === 'string' &&
    report.valid('/municipio') &&
    (!/^\d{7}$/.test(body.municipio) || !municipio(body.municipio))
  ) {
    report.add({
      codigo: 'formato_invalido',
      campo: '/municipio',
      mensagem: 'código IBGE de município desconhecido.',
      correcao: 'Informe o código IBGE de 7 dígitos do município da empresa.',
    });
  }
  if (!Array.isArray(body.autorizadosXml)) return;
  const seen = new Set<string>();
  body.autorizadosXml.forEach((raw, i) => {
    const campo = `/autorizados_xml/${i}`;
    if (typeof raw !== 'string') {
      report.add({
        codigo: 'tipo_invalido',
        campo,
        mensagem: 'deve ser texto.',
        correcao: 'Envie o CPF ou CNPJ como string.',
      });
      return;
    }
    const doc = documentoFederal(raw);
    if (!doc)
      report.add({
        codigo: 'documento_invalido',
        campo,
        mensagem: 'CPF ou CNPJ inválido (dígitos verificadores).',
        correcao: 'Confira o documento do escritório de contabilidade.',
      });
    else if (seen.has(doc.numero))
      report.add({
        codigo: 'formato_invalido',
        campo,
        mensagem: 'documento repetido na lista.',
        correcao: 'Informe cada CPF/CNPJ uma vez.',
      });
    else seen.add(doc.numero);
  });
  // The normalised documents are what the company keeps.
  (body as { autorizadosXml: unknown[] }).autorizadosXml = body.autorizadosXml.map((raw) =>
    typeof raw === 'string' ? (documentoFederal(raw)?.numero ?? raw) : raw,
  );
}

/** The body of `POST /v1/companies` (GraphQL `CompanyInput`). */
export const companyBody = declareBody(v.strictObject(companyFields), refineCompanyFields);

/** The typed company body; `autorizadosXml` holds the normalised documents once it is valid. */
export type CompanyBody = Omit<BodyOf<typeof companyBody>, 'autorizadosXml'> & { autorizadosXml: string[] };
