import { getMunicipio, listMunicipios, municipioCursor } from '../../engine/catalogos/municipios.js';
import { getServico, listServicos, servicoCursor, type ServicoCatalogo } from '../../engine/catalogos/servicos.js';
import type { Municipio } from '../../engine/tabelas/index.js';
import type { ProvedorView } from '../../engine/nfse/provedores/provedor-view.js';
import { builder } from '../builder.js';
import { snakeKeys } from '../snake-keys.js';
import { principalOf } from './principal-of.js';
import { assertForward, forwardConnection, pageCost, type ConnectionArgs } from './forward-connection.js';

const IncidenciaRef = builder.objectRef<ServicoCatalogo['incidencia']>('IncidenciaIss').implement({
  description: 'Where ISSQN is due (LC 116/2003 art. 3; Anexo I MUN.INCID_INFO.SERV.).',
  fields: (t) => ({
    estabelecimentoPrestador: t.exposeBoolean('estabelecimentoPrestador'),
    localPrestacao: t.exposeBoolean('localPrestacao'),
    estabelecimentoTomador: t.exposeBoolean('estabelecimentoTomador'),
  }),
});

type ServicoView = ServicoCatalogo & Partial<{ versao: string; fonte: string }>;

const ServicoRef = builder.objectRef<ServicoView>('ServicoNacional').implement({
  description: 'A national service code (cTribNac) of the Lista de Serviços Nacional.',
  fields: (t) => ({
    codigo: t.exposeString('codigo'),
    codigoFormatado: t.exposeString('codigoFormatado'),
    descricao: t.exposeString('descricao'),
    item: t.exposeString('item'),
    descricaoItem: t.exposeString('descricaoItem'),
    capitulosNbs: t.exposeStringList('capitulosNbs', { description: 'NBS 2.0 chapters accepted with this code.' }),
    nbsLivre: t.exposeBoolean('nbsLivre', {
      description: 'Every NBS is accepted (item 99 or an item without correlation).',
    }),
    incidenciaIss: t.expose('incidencia', { type: IncidenciaRef }),
    exigeObra: t.exposeBoolean('exigeObra'),
    exigeEvento: t.exposeBoolean('exigeEvento'),
    origem: t.exposeString('origem', {
      description: 'anexo_b, or especificacao for codes the specification names but our Anexo B lacks.',
    }),
    versao: t.string({ nullable: true, resolve: (s) => s.versao ?? null }),
    fonte: t.string({ nullable: true, resolve: (s) => s.fonte ?? null }),
  }),
});

const AliquotaRef = builder
  .objectRef<{ codigoServico: string; aliquota: string | null; vigenciaInicio: string; vigenciaFim: string | null }>(
    'AliquotaMunicipal',
  )
  .implement({
    fields: (t) => ({
      codigoServico: t.exposeString('codigoServico', {
        description: '"*" every service, an item "01", a subitem "0107" or a cTribNac.',
      }),
      aliquota: t.expose('aliquota', {
        type: 'Decimal',
        nullable: true,
        description: 'Percent; null = no single official rate known.',
      }),
      vigenciaInicio: t.exposeString('vigenciaInicio'),
      vigenciaFim: t.exposeString('vigenciaFim', { nullable: true }),
    }),
  });

const ConvenioRef = builder.enumType('ConvenioMunicipal', {
  description: 'How the municipality issues NFS-e: the national issuer, its own system, or not known to the service.',
  values: ['nacional', 'proprio', 'desconhecido'] as const,
});

type Parametros = Awaited<ReturnType<typeof getMunicipio>>['parametros'];
type Consulta = NonNullable<Parametros['consulta']>;
type ConsultaBeneficio = NonNullable<Parametros['beneficio']>;

const ParametroNacionalRef = builder
  .objectRef<{ valor: unknown; origem: string; consultadoEm: string | null; mensagem: string | null }>(
    'ParametroNacional',
  )
  .implement({
    description: 'An answer of the ADN parameters API, or why there is none.',
    fields: (t) => ({
      // JSON scalars hold snake_case keys, as the REST facade serves them.
      valor: t.field({
        type: 'JSON',
        nullable: true,
        resolve: (p) => snakeKeys(p.valor),
        description: 'The answer as read, snake_case keys (null: none parametrised, or no answer).',
      }),
      origem: t.exposeString('origem', {
        description: 'api, cache, cache_expirado (kept answer used because the API did not answer now), indisponivel.',
      }),
      consultadoEm: t.exposeString('consultadoEm', { nullable: true }),
      mensagem: t.exposeString('mensagem', { nullable: true }),
    }),
  });

const ConsultaRef = builder.objectRef<Consulta>('ConsultaParametrosMunicipais').implement({
  description: 'What the national parameters API says of one service code in one competence.',
  fields: (t) => ({
    competencia: t.exposeString('competencia'),
    codigoServico: t.exposeString('codigoServico'),
    aliquota: t.expose('aliquota', {
      type: 'Decimal',
      nullable: true,
      description: 'The single official rate used by the ISS rule; null = none known.',
    }),
    aliquotaOrigem: t.exposeString('aliquotaOrigem', {
      description: 'api, cache, cache_expirado or tabela (our table).',
    }),
    fonte: t.exposeString('fonte'),
    regimesEspeciais: t.expose('regimesEspeciais', { type: ParametroNacionalRef, nullable: true }),
    retencoes: t.expose('retencoes', { type: ParametroNacionalRef, nullable: true }),
  }),
});

const ConsultaBeneficioRef = builder.objectRef<ConsultaBeneficio>('ConsultaBeneficioMunicipal').implement({
  description: 'What the national parameters API says of a municipal benefit (nBM) in one competence.',
  fields: (t) => ({
    numero: t.exposeString('numero', { description: 'nBM, 14 digits.' }),
    competencia: t.exposeString('competencia'),
    resposta: t.expose('resposta', {
      type: ParametroNacionalRef,
      nullable: true,
      description: 'null: no client can ask (a real ADN without a certificate).',
    }),
  }),
});

const ParametrosRef = builder.objectRef<Parametros>('ParametrosMunicipais').implement({
  fields: (t) => ({
    convenio: t.field({ type: ConvenioRef, resolve: (p) => p.convenio }),
    aderenteEmissorNacional: t.exposeBoolean('aderenteEmissorNacional', { nullable: true }),
    sistemaProprio: t.exposeBoolean('sistemaProprio', { nullable: true }),
    convenioConhecido: t.exposeBoolean('convenioConhecido', {
      description: 'A known fact (an act, the national API, the official list): only those block a test key.',
    }),
    convenioOrigem: t.exposeString('convenioOrigem', {
      description: 'ato, api, cache, cache_expirado, lista_oficial, levantamento or nenhuma.',
    }),
    convenioFonte: t.exposeString('convenioFonte'),
    convenioDesde: t.exposeString('convenioDesde', { nullable: true }),
    consultadoEm: t.exposeString('consultadoEm', {
      nullable: true,
      description: 'When the API answered (ISO), or the date of the official list.',
    }),
    apiIndisponivel: t.exposeString('apiIndisponivel', {
      nullable: true,
      description: 'Why the national API was not used this time.',
    }),
    consulta: t.expose('consulta', { type: ConsultaRef, nullable: true }),
    beneficio: t.expose('beneficio', {
      type: ConsultaBeneficioRef,
      nullable: true,
      description: 'Asked with the beneficio argument.',
    }),
    exigeToken: t.exposeBoolean('exigeToken'),
    inscricaoMunicipal: t.exposeString('inscricaoMunicipal'),
    aliquotas: t.expose('aliquotas', { type: [AliquotaRef] }),
    fonte: t.exposeString('fonte'),
    observacao: t.exposeString('observacao', { nullable: true }),
    versao: t.exposeString('versao'),
  }),
});

type MunicipioView = Municipio &
  Partial<{ versao: string; fonte: string; parametros: Parametros; provedor: ProvedorView }>;

const ProvedorNfseRef = builder.objectRef<ProvedorView>('ProvedorNfseMunicipio').implement({
  description:
    "The municipality's NFS-e route and provider: the provider table's row (data directory), overridden by a municipal act or the national parameters API where they state the convênio; for a company without rota_nfse.",
  fields: (t) => ({
    nome: t.exposeString('nome', {
      nullable: true,
      description: 'The provider as the source spells it; null = none known.',
    }),
    familia: t.exposeString('familia', {
      nullable: true,
      description: 'The family whose profile serves the provider.',
    }),
    versao: t.exposeString('versao', {
      nullable: true,
      description: 'Layout version (2.04, 1.00; 1.01 = national DPS).',
    }),
    rota: t.exposeString('rota', {
      description:
        "nacional, provedor_layout_nacional (national DPS over the provider's web service), abrasf, sao_paulo or desconhecido.",
    }),
    confianca: t.exposeString('confianca', { description: 'oficial, terceiros or desconhecida.' }),
    fonte: t.exposeString('fonte', {
      description: "Where the route comes from (the table row's source, the act, the API answer).",
    }),
    data: t.exposeString('data', { nullable: true, description: 'Date of that source (AAAA-MM-DD).' }),
    origem: t.exposeString('origem', { description: 'tabela, ato, api or lista_oficial: what placed the route.' }),
    suportado: t.exposeBoolean('suportado', {
      description:
        "The service issues on this route; false = readiness refuses the municipality's companies (provedor_municipio).",
    }),
  }),
});

const MunicipioRef = builder.objectRef<MunicipioView>('Municipio').implement({
  fields: (t) => ({
    codigo: t.exposeString('codigo', { description: 'IBGE, seven digits.' }),
    nome: t.exposeString('nome'),
    uf: t.exposeString('uf'),
    versao: t.string({ nullable: true, resolve: (m) => m.versao ?? null }),
    fonte: t.string({ nullable: true, resolve: (m) => m.fonte ?? null }),
    parametros: t.field({ type: ParametrosRef, nullable: true, resolve: (m) => m.parametros ?? null }),
    provedor: t.field({
      type: ProvedorNfseRef,
      nullable: true,
      description: 'NFS-e route and provider (only on the municipality query).',
      resolve: (m) => m.provedor ?? null,
    }),
  }),
});

interface CataloguePage<T> {
  versao: string;
  fonte: string;
  itens: T[];
  proximoCursor: string | null;
  total: number;
}

/** A catalogue page as a connection that also says which version of the official table answered. */
function catalogueConnection<T>(args: ConnectionArgs, page: CataloguePage<T>, cursorOf: (row: T) => string) {
  const connection = forwardConnection(
    args,
    { nodes: page.itens, hasNextPage: page.proximoCursor !== null },
    cursorOf,
    async () => page.total,
  );
  return { ...connection, versao: page.versao, fonte: page.fonte };
}

type TableVersion = { versao: string; fonte: string };
const tableVersion = (connection: unknown) => connection as TableVersion;

builder.queryFields((t) => ({
  servicos: t.connection(
    {
      type: ServicoRef,
      description:
        'National service codes by code, searchable by code prefix or words of the description: `first` 1..100 ' +
        "(default 20; out of range is an error, as GET /v1/servicos's limite) / `after`, `totalCount`.",
      authScopes: { authenticated: true },
      args: { q: t.arg.string() },
      complexity: pageCost(100, 20),
      resolve: (_r, args) => {
        assertForward(args);
        const page = listServicos({ q: args.q, cursor: args.after, limite: args.first });
        return catalogueConnection(args, page, servicoCursor);
      },
    },
    {
      name: 'ServicoConnection',
      fields: (c) => ({
        // The official table's version and source, as GET /v1/servicos gives them.
        versao: c.string({ resolve: (connection) => tableVersion(connection).versao }),
        fonte: c.string({ resolve: (connection) => tableVersion(connection).fonte }),
      }),
    },
  ),
  servico: t.field({
    type: ServicoRef,
    authScopes: { authenticated: true },
    args: { codigo: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args) => getServico(args.codigo),
  }),
  municipios: t.connection(
    {
      type: MunicipioRef,
      description:
        'IBGE municipalities by code, searchable by words of the name and by UF: `first` 1..100 (default 20; out of ' +
        "range is an error, as GET /v1/municipios's limite) / `after`, `totalCount`.",
      authScopes: { authenticated: true },
      args: { q: t.arg.string(), uf: t.arg.string() },
      complexity: pageCost(100, 20),
      resolve: (_r, args) => {
        assertForward(args);
        const page = listMunicipios({ q: args.q, uf: args.uf, cursor: args.after, limite: args.first });
        return catalogueConnection(args, page, municipioCursor);
      },
    },
    {
      name: 'MunicipioConnection',
      fields: (c) => ({
        // The official table's version and source, as GET /v1/municipios gives them.
        versao: c.string({ resolve: (connection) => tableVersion(connection).versao }),
        fonte: c.string({ resolve: (connection) => tableVersion(connection).fonte }),
      }),
    },
  ),
  municipio: t.field({
    type: MunicipioRef,
    description: 'A municipality with the parameters the service knows, their source and version.',
    authScopes: { authenticated: true },
    args: {
      ibge: t.arg.string({ required: true }),
      competencia: t.arg.string({ description: 'AAAA-MM (default: the current month).' }),
      codigoServico: t.arg.string({
        description: 'cTribNac: also ask its rate, special regimes and the withholdings.',
      }),
      beneficio: t.arg.string({
        description: 'nBM (14 digits): also ask what the municipal benefit is in the competence.',
      }),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      getMunicipio(ctx.engine, principalOf(ctx), {
        ibge: args.ibge,
        competencia: args.competencia,
        codigoServico: args.codigoServico,
        beneficio: args.beneficio,
      }),
  }),
}));
