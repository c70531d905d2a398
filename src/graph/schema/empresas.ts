import { startWithCurrent } from '../../engine/nucleo/start-with-current.js';
import type { CompanyView } from '../../engine/empresas/present-company.js';
import { createCompany } from '../../engine/empresas/create-company.js';
import { deleteCompany } from '../../engine/empresas/delete-company.js';
import { findCompany } from '../../engine/empresas/find-company.js';
import { companyCursor, countCompanies, listCompanies } from '../../engine/empresas/list-companies.js';
import { presentCompany } from '../../engine/empresas/present-company.js';
import { setCompanyStatus } from '../../engine/empresas/set-company-status.js';
import { updateCompany } from '../../engine/empresas/update-company.js';
import { uploadCertificate } from '../../engine/empresas/upload-certificate.js';
import { companyTopic } from '../../engine/empresas/company-topic.js';
import { municipio } from '../../engine/tabelas/index.js';
import { builder } from '../builder.js';
import { assertForward, forwardConnection, pageCost, pageSize } from './forward-connection.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const CertificateInfo = builder.objectRef<NonNullable<CompanyView['certificado']>>('CertificateInfo').implement({
  fields: (t) => ({
    cnpj: t.exposeString('cnpj'),
    titular: t.exposeString('titular'),
    serial: t.exposeString('serial'),
    validoDe: t.expose('valido_de', { type: 'DateTime' }),
    validoAte: t.expose('valido_ate', { type: 'DateTime' }),
  }),
});

const CompanyEmailTomador = builder.objectRef<CompanyView['email_tomador']>('CompanyEmailTomador').implement({
  fields: (t) => ({
    automatico: t.exposeBoolean('automatico', {
      description:
        "Each NFS-e authorised or cancelled is e-mailed (DANFSe and XML) to the taker's e-mail; a note's email.enviar overrides it.",
    }),
  }),
});

const CompanyEmailTomadorInput = builder.inputType('CompanyEmailTomadorInput', {
  fields: (t) => ({ automatico: t.boolean() }),
});

const CredenciaisProvedorInfo = builder
  .objectRef<NonNullable<CompanyView['credenciais_provedor']>>('CredenciaisProvedor')
  .implement({
    description:
      "Credentials the municipality's NFS-e provider asks beyond the A1: the login, and whether the password and the token are set (never returned).",
    fields: (t) => ({
      usuario: t.exposeString('usuario', { nullable: true }),
      senhaDefinida: t.exposeBoolean('senha_definida'),
      tokenDefinido: t.exposeBoolean('token_definido'),
    }),
  });

const COMPANY_STATUSES = ['ativa', 'pausada'] as const;
type CompanyStatus = (typeof COMPANY_STATUSES)[number];
const CompanyStatusRef = builder.enumType('CompanyStatus', {
  description: 'A paused company issues nothing until resumed.',
  values: COMPANY_STATUSES,
});

export const CompanyRef = builder.objectRef<CompanyView>('Company').implement({
  description: 'A company (CNPJ) of the account. Its id is the empresa_id of issuance.',
  fields: (t) => ({
    id: t.exposeID('id'),
    cnpj: t.exposeString('cnpj'),
    razaoSocial: t.exposeString('razao_social'),
    municipio: t.exposeString('municipio'),
    municipioNome: t.string({
      nullable: true,
      description:
        'The municipality\'s name and UF from the IBGE table ("Florianópolis/SC"); null for an unknown code.',
      resolve: (c) => {
        const m = municipio(c.municipio);
        return m ? `${m.nome}/${m.uf}` : null;
      },
    }),
    regimeTributario: t.exposeString('regime_tributario', { nullable: true }),
    inscricaoMunicipal: t.exposeString('inscricao_municipal', { nullable: true }),
    regimeApuracaoSimples: t.exposeString('regime_apuracao_simples', { nullable: true }),
    serieDps: t.exposeString('serie_dps', { nullable: true }),
    rotaNfse: t.exposeString('rota_nfse', {
      nullable: true,
      description:
        'NFS-e route the company chose against the provider table: "nacional"; null = the route of the table (GET /v1/municipios/{ibge} provedor).',
    }),
    inscricaoEstadual: t.exposeString('inscricao_estadual', {
      nullable: true,
      description: 'State registration (NF-e issuer IE).',
    }),
    serieNfe: t.exposeString('serie_nfe', { nullable: true, description: 'NF-e series of the API; null = 1.' }),
    endereco: t.expose('endereco', {
      type: 'JSON',
      nullable: true,
      description: 'Issuer street address for NF-e: logradouro, numero, complemento, bairro, cep.',
    }),
    autorizadosXml: t.exposeStringList('autorizados_xml', {
      description:
        'CPF/CNPJ of the accounting office (and others) authorised to download the NF-e XML: the autXML group of every NF-e (at most 10).',
    }),
    email: t.exposeString('email', { nullable: true }),
    emailTomador: t.expose('email_tomador', { type: CompanyEmailTomador }),
    tokenMunicipioConfigurado: t.exposeBoolean('token_municipio_configurado'),
    credenciaisProvedor: t.expose('credenciais_provedor', {
      type: CredenciaisProvedorInfo,
      nullable: true,
      description: 'Provider credentials set (readiness credenciais_provedor); null when none.',
    }),
    padroes: t.expose('padroes', { type: 'JSON' }),
    status: t.field({ type: CompanyStatusRef, resolve: (c) => c.status as CompanyStatus }),
    certificado: t.expose('certificado', { type: CertificateInfo, nullable: true }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
    atualizadoEm: t.expose('atualizado_em', { type: 'DateTime' }),
  }),
});

const CompanyEnderecoInput = builder.inputType('CompanyEnderecoInput', {
  description: 'Issuer street address (NF-e enderEmit); the municipality is the company municipio.',
  fields: (t) => ({
    logradouro: t.string(),
    numero: t.string(),
    complemento: t.string(),
    bairro: t.string(),
    cep: t.string(),
  }),
});

const CompanyIbsCbsInput = builder.inputType('CompanyIbsCbsInput', {
  description:
    'Default IBS/CBS classification: cClassTrib of the official table (accepted on the NFS-e), its CST, the operation indicator.',
  fields: (t) => ({
    cClassTrib: t.string({ description: 'cClassTrib, 6 digits.' }),
    cst: t.string({ description: 'CST, 3 digits; when omitted, the one the table gives the cClassTrib.' }),
    indicadorOperacao: t.string({ description: 'cIndOp, 6 digits.' }),
  }),
});

const CompanyPadroesInput = builder.inputType('CompanyPadroesInput', {
  description: 'Issuance defaults applied when a request leaves the member out.',
  fields: (t) => ({
    codigoNacional: t.string(),
    aliquotaIss: t.field({ type: 'Decimal' }),
    issRetido: t.boolean(),
    nbs: t.string(),
    ibsCbs: t.field({
      type: CompanyIbsCbsInput,
      description: 'IBS/CBS classification of the service (DPS IBSCBS); replaced whole.',
    }),
    codigoMunicipal: t.string({
      description: 'Municipal service code where the city has its own system (São Paulo: 4-5 digits).',
    }),
    cnae: t.string({
      description:
        'CNAE subclass of the company (7 digits), where the city layout carries it in each service item (EloTech).',
    }),
  }),
});

const CredenciaisProvedorInput = builder.inputType('CredenciaisProvedorInput', {
  description:
    "Credentials the municipality's NFS-e provider asks beyond the A1 (Fiorilli and IPM: login and password; EloTech: password; Tributus: token). Stored encrypted; a member null removes it, a member left out is kept.",
  fields: (t) => ({
    usuario: t.string({ description: "Login of the company in the provider's portal." }),
    senha: t.string({ description: 'Password of that login; never returned.' }),
    token: t.string({ description: 'Authorisation token the provider issued; never returned.' }),
  }),
});

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** A company's settings as GraphQL inputs take them; presence and formats are judged by the engine's declarations. */
const settingFields = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
  razaoSocial: t.string(),
  municipio: t.string({ description: 'IBGE code, 7 digits.' }),
  regimeTributario: t.string(),
  inscricaoMunicipal: t.string(),
  regimeApuracaoSimples: t.string(),
  serieDps: t.string({
    description: 'DPS series, 1 to 5 digits; 90000–99999 are refused by the national schema; 49999 is the test series.',
  }),
  rotaNfse: t.string({
    description:
      'NFS-e route chosen against the provider table: "nacional" (the company knows its municipality accepts the national system); null = the table decides.',
  }),
  inscricaoEstadual: t.string({ description: 'NF-e issuer state registration (digits, or ISENTO).' }),
  serieNfe: t.string({ description: 'NF-e series of the API, 0 to 889; absent = 1.' }),
  endereco: t.field({ type: CompanyEnderecoInput }),
  autorizadosXml: t.stringList({
    description: 'CPF/CNPJ authorised to download the NF-e XML (autXML), at most 10, check digits verified.',
  }),
  email: t.string(),
  emailTomador: t.field({
    type: CompanyEmailTomadorInput,
    description: 'The automatic e-mail of each NFS-e to its taker; null turns it off.',
  }),
  tokenMunicipio: t.string(),
  credenciaisProvedor: t.field({ type: CredenciaisProvedorInput }),
  padroes: t.field({ type: CompanyPadroesInput }),
});

/** The body of POST /v1/companies (companyBody). */
const CompanyInput = builder.inputType('CompanyInput', {
  fields: (t) => ({
    cnpj: t.string({
      description:
        'CNPJ, numeric or alphanumeric (twelve [0-9A-Z] and two check digits); masks and lower case accepted.',
    }),
    ...settingFields(t),
  }),
});

/** The body of PATCH /v1/companies/{id} (updateCompanyBody). */
const UpdateCompanyInput = builder.inputType('UpdateCompanyInput', {
  description:
    'Settings to change; members left out are kept. null clears an optional setting (razaoSocial and municipio cannot be cleared); ' +
    'padroes merges member by member (a member null removes that default, padroes null removes all). The CNPJ never changes.',
  fields: (t) => settingFields(t),
});

const CompanyRemoved = builder.objectRef<{ id: string; removida: boolean }>('CompanyRemoved').implement({
  fields: (t) => ({ id: t.exposeID('id'), removida: t.exposeBoolean('removida') }),
});

builder.queryFields((t) => ({
  companies: t.connection({
    type: CompanyRef,
    description:
      "The account's companies, oldest first (a restricted key: its own). Without `first`, every company (GET " +
      '/v1/companies is not paginated); `first` 1..500 pages with `after`.',
    authScopes: { authenticated: true },
    args: { status: t.arg({ type: [CompanyStatusRef], description: 'Any of these statuses.' }) },
    complexity: pageCost(500, 100),
    resolve: async (_root, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const first = args.first == null ? null : pageSize(args, 100, 500);
      const page = await listCompanies(ctx.engine, principal, { after: args.after, first, status: args.status });
      return forwardConnection(args, { nodes: page.dados, hasNextPage: page.mais }, companyCursor, () =>
        countCompanies(ctx.engine, principal, args.status),
      );
    },
  }),
  company: t.field({
    type: CompanyRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: async (_root, { id }, ctx) => presentCompany(await findCompany(ctx.engine, principalOf(ctx), String(id))),
  }),
}));

builder.mutationFields((t) => ({
  createCompany: t.field({
    type: CompanyRef,
    description: 'Creates a company (live key only).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CompanyInput, required: true }) },
    errors: {},
    resolve: (_root, { input }, ctx) => createCompany(ctx.engine, principalOf(ctx), input),
  }),
  updateCompany: t.field({
    type: CompanyRef,
    description:
      'Changes the settings of a company (live key only; a key restricted to one company changes only its own). Readiness is ' +
      're-evaluated in the same transaction: an item that changes situation appends EMPRESA_PRONTIDAO_ALTERADA.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateCompanyInput, required: true }) },
    errors: {},
    resolve: (_root, { id, input }, ctx) =>
      updateCompany(ctx.engine, principalOf(ctx), { id: String(id), body: input }),
  }),
  pauseCompany: t.field({
    type: CompanyRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_root, { id }, ctx) =>
      setCompanyStatus(ctx.engine, principalOf(ctx), { id: String(id), status: 'pausada' }),
  }),
  resumeCompany: t.field({
    type: CompanyRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_root, { id }, ctx) =>
      setCompanyStatus(ctx.engine, principalOf(ctx), { id: String(id), status: 'ativa' }),
  }),
  deleteCompany: t.field({
    type: CompanyRemoved,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_root, { id }, ctx) => deleteCompany(ctx.engine, principalOf(ctx), { id: String(id) }),
  }),
  uploadCertificate: t.field({
    complexity: FIELD_WORK.file,
    type: CompanyRef,
    description: 'Stores the company A1 certificate (live key only). `arquivo` is the PKCS#12 in base64.',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.id({ required: true }),
      arquivo: t.arg.string({ required: true }),
      senha: t.arg.string({ required: true }),
    },
    errors: {},
    resolve: (_root, { id, arquivo, senha }, ctx) =>
      uploadCertificate(ctx.engine, principalOf(ctx), { id: String(id), arquivo, senha }),
  }),
}));

builder.subscriptionFields((t) => ({
  companyUpdated: t.field({
    type: CompanyRef,
    description:
      'Emits the company as it is once the subscription is open, then each time its status or certificate changes.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    // Authorise on subscribe: a missing or foreign company fails here, before any event. The bus iterator is
    // returned as is (no generator around it), so a client that unsubscribes releases it at once.
    subscribe: async (_root, { id }, ctx) => {
      await findCompany(ctx.engine, principalOf(ctx), String(id));
      return startWithCurrent(ctx.engine.pubsub.subscribe(companyTopic(String(id))), { id: String(id) });
    },
    resolve: async (_event, { id }, ctx) => presentCompany(await findCompany(ctx.engine, principalOf(ctx), String(id))),
  }),
}));
