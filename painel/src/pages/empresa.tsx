import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { fileBase64 } from '../download.js';
import { forgetEmpresas } from '../empresas-cache.js';
import { formatDate, formatDocumento } from '../format.js';
import { Link } from '../router.js';
import { ActionButton, ActionForm, ErrorBox, Field, Loading, Notice, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';
import { useSubscription } from '../use-subscription.js';

const EMPRESA_CAMPOS = `id cnpj razaoSocial municipio status email inscricaoMunicipal inscricaoEstadual regimeTributario regimeApuracaoSimples
  serieDps serieNfe padroes tokenMunicipioConfigurado certificado { titular cnpj serial validoDe validoAte }`;
const EMPRESA = `query($id: ID!) {
  company(id: $id) { __typename ... on Company { ${EMPRESA_CAMPOS} } ${DOMAIN_ERROR} }
  readiness(companyId: $id) { ... on Readiness { situacao itens { item situacao mensagem correcao } } }
}`;
const ATUALIZADA = `subscription($id: ID!) { companyUpdated(id: $id) { ${EMPRESA_CAMPOS} } }`;
const CERTIFICADO = `mutation($id: ID!, $arquivo: String!, $senha: String!) { uploadCertificate(id: $id, arquivo: $arquivo, senha: $senha) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const ATUALIZAR = `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const PAUSAR = `mutation($id: ID!) { pauseCompany(id: $id) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const RETOMAR = `mutation($id: ID!) { resumeCompany(id: $id) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;

const REGIMES: Record<string, string> = {
  simples_nacional: 'Simples Nacional',
  mei: 'MEI',
  lucro_presumido: 'Lucro presumido',
  lucro_real: 'Lucro real',
};
const APURACAO: Record<string, string> = {
  federais_municipal_sn: 'Federais e municipal pelo Simples',
  federais_sn_municipal_fora: 'Federais pelo Simples, municipal fora',
  todos_fora_sn: 'Todos fora do Simples',
};

interface Readiness {
  situacao: string;
  itens: Array<{ item: string; situacao: string; mensagem: string; correcao: string | null }>;
}

export function Empresa({ id }: { id: string }) {
  const q = useQuery<{ company: any; readiness: Readiness | Record<string, never> }>(EMPRESA, { id });
  useSubscription(ATUALIZADA, { id }, () => q.reload());
  const empresa = q.data?.company;
  if (!empresa || empresa.__typename === 'DomainError') {
    return (
      <section>
        <PageTitle>Empresa</PageTitle>
        <ErrorBox error={q.error ?? empresa?.mensagem} />
        <Loading when={q.loading} />
      </section>
    );
  }
  const readiness = q.data?.readiness as Readiness | undefined;
  return (
    <section>
      <p class="trilha">
        <Link href="/empresas">Empresas</Link> ›
      </p>
      <PageTitle>
        {empresa.razaoSocial} <Status value={empresa.status} />
      </PageTitle>
      <dl class="dados">
        <dt>CNPJ</dt>
        <dd>{formatDocumento(empresa.cnpj)}</dd>
        <dt>Município (IBGE)</dt>
        <dd>{empresa.municipio}</dd>
        <dt>Certificado A1</dt>
        <dd>
          {empresa.certificado
            ? `${empresa.certificado.titular}, válido de ${formatDate(empresa.certificado.validoDe)} até ${formatDate(empresa.certificado.validoAte)}`
            : 'Nenhum certificado enviado'}
        </dd>
      </dl>
      <div class="acoes">
        {empresa.status === 'ativa' ? (
          <ActionButton
            class="secundario"
            confirm="Pausar a emissão desta empresa?"
            onAction={async () => (unwrap((await gql(PAUSAR, { id })).pauseCompany), q.reload())}
          >
            Pausar emissão
          </ActionButton>
        ) : (
          <ActionButton onAction={async () => (unwrap((await gql(RETOMAR, { id })).resumeCompany), q.reload())}>
            Retomar emissão
          </ActionButton>
        )}
      </div>

      <h2>Prontidão para emitir {readiness?.situacao && <Status value={readiness.situacao} />}</h2>
      {readiness?.itens && (
        <div class="tabela">
          <table>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Situação</th>
                <th scope="col">Mensagem</th>
                <th scope="col">Como corrigir</th>
              </tr>
            </thead>
            <tbody>
              {readiness.itens.map((i) => (
                <tr>
                  <td>
                    <code>{i.item}</code>
                  </td>
                  <td>
                    <Status value={i.situacao} />
                  </td>
                  <td>{i.mensagem}</td>
                  <td>{i.correcao ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Certificado id={id} onDone={q.reload} />
      <Configuracoes empresa={empresa} onDone={q.reload} />
    </section>
  );
}

function Certificado({ id, onDone }: { id: string; onDone: () => void }) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [enviado, setEnviado] = useState(false);
  return (
    <ActionForm
      label="Certificado A1"
      submit="Enviar certificado"
      onSubmit={async () => {
        if (!arquivo) throw new Error('Escolha o arquivo do certificado (.pfx ou .p12).');
        unwrap((await gql(CERTIFICADO, { id, arquivo: await fileBase64(arquivo), senha })).uploadCertificate);
        setEnviado(true);
        setSenha('');
        onDone();
      }}
    >
      <h2>Certificado A1</h2>
      <div class="grade">
        <Field label="Arquivo (.pfx ou .p12)">
          <input
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            onChange={(e) => setArquivo(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <Field label="Senha do certificado">
          <input type="password" autocomplete="off" value={senha} onInput={(e) => setSenha(e.currentTarget.value)} />
        </Field>
      </div>
      {enviado && <Notice>Certificado enviado.</Notice>}
    </ActionForm>
  );
}

function Configuracoes({ empresa, onDone }: { empresa: any; onDone: () => void }) {
  const padroes = (empresa.padroes ?? {}) as Record<string, unknown>;
  const [form, setForm] = useState({
    razaoSocial: empresa.razaoSocial ?? '',
    email: empresa.email ?? '',
    inscricaoMunicipal: empresa.inscricaoMunicipal ?? '',
    inscricaoEstadual: empresa.inscricaoEstadual ?? '',
    regimeTributario: empresa.regimeTributario ?? '',
    regimeApuracaoSimples: empresa.regimeApuracaoSimples ?? '',
    serieDps: empresa.serieDps ?? '',
    serieNfe: empresa.serieNfe ?? '',
    codigoNacional: String(padroes.codigo_nacional ?? padroes.codigoNacional ?? ''),
    aliquotaIss: String(padroes.aliquota_iss ?? padroes.aliquotaIss ?? ''),
    issRetido: Boolean(padroes.iss_retido ?? padroes.issRetido ?? false),
  });
  const [salvo, setSalvo] = useState(false);
  const set = (k: keyof typeof form) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  return (
    <ActionForm
      label="Configurações"
      submit="Salvar configurações"
      onSubmit={async () => {
        const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
        const input = {
          razaoSocial: text(form.razaoSocial),
          email: text(form.email),
          inscricaoMunicipal: text(form.inscricaoMunicipal),
          inscricaoEstadual: text(form.inscricaoEstadual),
          regimeTributario: text(form.regimeTributario),
          regimeApuracaoSimples: text(form.regimeApuracaoSimples),
          serieDps: text(form.serieDps),
          serieNfe: text(form.serieNfe),
          padroes: {
            codigoNacional: text(form.codigoNacional),
            aliquotaIss: text(form.aliquotaIss.replace(',', '.')),
            issRetido: form.issRetido,
          },
        };
        setSalvo(false);
        unwrap((await gql(ATUALIZAR, { id: empresa.id, input })).updateCompany);
        forgetEmpresas();
        setSalvo(true);
        onDone();
      }}
    >
      <h2>Configurações</h2>
      <div class="grade">
        <Field label="Razão social">
          <input value={form.razaoSocial} onInput={set('razaoSocial')} />
        </Field>
        <Field label="E-mail">
          <input type="email" value={form.email} onInput={set('email')} />
        </Field>
        <Field label="Inscrição municipal">
          <input value={form.inscricaoMunicipal} onInput={set('inscricaoMunicipal')} />
        </Field>
        <Field label="Inscrição estadual">
          <input value={form.inscricaoEstadual} onInput={set('inscricaoEstadual')} />
        </Field>
        <Field label="Regime tributário">
          <select value={form.regimeTributario} onChange={set('regimeTributario')}>
            <option value="">Não informado</option>
            {Object.entries(REGIMES).map(([v, t]) => (
              <option value={v}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Apuração no Simples">
          <select value={form.regimeApuracaoSimples} onChange={set('regimeApuracaoSimples')}>
            <option value="">Não informado</option>
            {Object.entries(APURACAO).map(([v, t]) => (
              <option value={v}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Série da DPS">
          <input inputMode="numeric" value={form.serieDps} onInput={set('serieDps')} />
        </Field>
        <Field label="Série da NF-e">
          <input inputMode="numeric" value={form.serieNfe} onInput={set('serieNfe')} />
        </Field>
        <Field label="Código do serviço (padrão)">
          <input inputMode="numeric" value={form.codigoNacional} onInput={set('codigoNacional')} />
        </Field>
        <Field label="Alíquota do ISS (padrão, %)" hint="Como 2,00 ou 2.00">
          <input inputMode="decimal" value={form.aliquotaIss} onInput={set('aliquotaIss')} />
        </Field>
        <label class="campo marcar">
          <input
            type="checkbox"
            checked={form.issRetido}
            onChange={(e) => setForm({ ...form, issRetido: e.currentTarget.checked })}
          />
          <span>ISS retido pelo tomador (padrão)</span>
        </label>
      </div>
      {salvo && <Notice>Configurações salvas.</Notice>}
    </ActionForm>
  );
}
