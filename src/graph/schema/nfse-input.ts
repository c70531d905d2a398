import { builder } from '../builder.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

// Typed forms of the issuance body, camelCase of its members. Every member is optional and leaves hold
// any string: the engine's validator judges presence and format, so GraphQL and REST report the same codes,
// campo pointers and messages, all at once.

const EnderecoInput = builder.inputType('EnderecoInput', {
  fields: (t) => ({
    cep: t.string(),
    logradouro: t.string(),
    numero: t.string(),
    complemento: t.string(),
    bairro: t.string(),
    municipio: t.string({ description: 'IBGE code, 7 digits.' }),
  }),
});

const TomadorInput = builder.inputType('TomadorInput', {
  fields: (t) => ({
    documento: t.string({ description: 'CPF or CNPJ.' }),
    nome: t.string(),
    email: t.string(),
    telefone: t.string(),
    inscricaoMunicipal: t.string(),
    endereco: t.field({ type: EnderecoInput }),
  }),
});

const ObraInput = builder.inputType('ObraInput', {
  fields: (t) => ({
    cno: t.string(),
    cib: t.string(),
    cep: t.string(),
    numero: t.string(),
    logradouro: t.string(),
    complemento: t.string(),
    bairro: t.string(),
    municipio: t.string(),
    inscricaoImobiliaria: t.string(),
  }),
});

const NfseIbsCbsInput = builder.inputType('NfseIbsCbsInput', {
  description:
    'IBS/CBS classification of the service (DPS IBSCBS), checked against the official table; members left out come from the company defaults.',
  fields: (t) => ({
    cst: t.string({ description: 'CST, 3 digits; when omitted, the one the table gives the cClassTrib.' }),
    cClassTrib: t.string({ description: 'cClassTrib, 6 digits.' }),
    indicadorOperacao: t.string({ description: 'cIndOp, 6 digits.' }),
  }),
});

const ServicoInput = builder.inputType('ServicoInput', {
  fields: (t) => ({
    descricao: t.string(),
    codigoNacional: t.string({ description: 'Código de tributação nacional, 6 digits.' }),
    aliquotaIss: t.field({ type: 'Decimal', description: 'Percent, e.g. "2.00".' }),
    issRetido: t.boolean(),
    nbs: t.string(),
    ibsCbs: t.field({ type: NfseIbsCbsInput }),
    codigoMunicipal: t.string({
      description: 'Municipal service code where the city has its own system (São Paulo: 4-5 digits).',
    }),
    obra: t.field({ type: ObraInput }),
    municipioPrestacao: t.string(),
  }),
});

const SubstituicaoInput = builder.inputType('SubstituicaoInput', {
  fields: (t) => ({
    nfseId: t.id(),
    chaveAcesso: t.string(),
    codigoMotivo: t.string({ description: '01, 02, 03, 04, 05 or 99.' }),
    motivo: t.string(),
  }),
});

const PrestadorInput = builder.inputType('PrestadorInput', {
  fields: (t) => ({ inscricaoMunicipal: t.string() }),
});

const NfseEmailInput = builder.inputType('NfseEmailInput', {
  description:
    "Not part of the DPS: whether the service e-mails this note's DANFSe and XML on authorisation and on cancellation.",
  fields: (t) => ({
    enviar: t.boolean({ description: "true or false; absent = the company's emailTomador.automatico." }),
    destinatarios: t.stringList({ description: '1 to 10 addresses; absent = tomador.email.' }),
  }),
});

/** The members of one note request; a batch line adds `linha` when it is reprocessed. */
const issuanceFields = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
  empresaId: t.id(),
  referencia: t.string(),
  competencia: t.string({ description: 'AAAA-MM.' }),
  tomador: t.field({ type: TomadorInput }),
  valor: t.field({ type: 'Decimal' }),
  servico: t.field({ type: ServicoInput }),
  substituicao: t.field({ type: SubstituicaoInput }),
  prestador: t.field({ type: PrestadorInput }),
  informacoesComplementares: t.string(),
  email: t.field({ type: NfseEmailInput }),
});

export const NfseInputRef = builder.inputType('NfseInput', {
  description: 'An NFS-e request: the body of POST /v1/nfse and of /v1/nfse/validacoes, and one line of a batch.',
  fields: (t) => issuanceFields(t),
});

export const LoteLinhaInputRef = builder.inputType('LoteLinhaInput', {
  description: 'A corrected batch line: the line number and the whole request that replaces it.',
  fields: (t) => ({ linha: t.int(), ...issuanceFields(t) }),
});
