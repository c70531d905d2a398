import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { fileBase64 } from '../download.js';
import { forgetEmpresas } from '../empresas-cache.js';
import { formatDate, formatDocumento, readableText } from '../format.js';
import { readinessLabel } from '../readiness-labels.js';
import { APURACAO, REGIMES } from '../regimes.js';
import { Link } from '../router.js';
import { ActionButton, ActionForm, ErrorBox, Field, Loading, Notice, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';
import { CredenciaisProvedor } from './credenciais-provedor.js';
import { useSubscription } from '../use-subscription.js';

const EMPRESA_CAMPOS = `id cnpj razaoSocial municipio municipioNome status email emailTomador { automatico } inscricaoMunicipal inscricaoEstadual regimeTributario regimeApuracaoSimples
  serieDps serieNfe padroes tokenMunicipioConfigurado credenciaisProvedor { usuario senhaDefinida tokenDefinido } certificado { titular cnpj serial validoDe validoAte }`;
const EMPRESA = `query($id: ID!) {
  company(id: $id) { __typename ... on Company { ${EMPRESA_CAMPOS} } ${DOMAIN_ERROR} }
  readiness(companyId: $id) { ... on Readiness { situacao itens { item situacao mensagem correcao } } }
}`;
const ATUALIZADA = `subscription($id: ID!) { companyUpdated(id: $id) { ${EMPRESA_CAMPOS} } }`;
const CERTIFICADO = `mutation($id: ID!, $arquivo: String!, $senha: String!) { uploadCertificate(id: $id, arquivo: $arquivo, senha: $senha) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const ATUALIZAR = `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const PAUSAR = `mutation($id: ID!) { pauseCompany(id: $id) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;
const RETOMAR = `mutation($id: ID!) { resumeCompany(id: $id) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;

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
        <dt>Município</dt>
        <dd>{empresa.municipioNome ?? `Código IBGE ${empresa.municipio} (desconhecido)`}</dd>
        <dt>Regime tributário</dt>
        <dd>{empresa.regimeTributario ? (REGIMES[empresa.regimeTributario] ?? empresa.regimeTributario) : '—'}</dd>
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
          <table class="prontidao">
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
                <tr data-item={i.item}>
                  <th scope="row" data-rotulo="Item">
                    {readinessLabel(i.item)}
                  </th>
                  <td data-rotulo="Situação">
                    <Status value={i.situacao} />
                  </td>
                  <td data-rotulo="Mensagem">{readableText(i.mensagem)}</td>
                  <td data-rotulo="Como corrigir">{i.correcao ? readableText(i.correcao) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link href={`/empresas/${id}/regras-tributarias`}>Regras tributárias da NF-e</Link>
      </p>
      <Certificado id={id} onDone={q.reload} />
      <Configuracoes empresa={empresa} onDone={q.reload} />
      <CredenciaisProvedor id={id} definidas={empresa.credenciaisProvedor ?? null} onDone={q.reload} />
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
      title="Certificado A1"
    >
      <div class="grade">
        <Field label="Arquivo (.pfx ou .p12)" campo="/arquivo">
          <input
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            onChange={(e) => setArquivo(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <Field label="Senha do certificado" campo="/senha">
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
    emailTomador: Boolean(empresa.emailTomador?.automatico),
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
          emailTomador: { automatico: form.emailTomador },
        };
        setSalvo(false);
        unwrap((await gql(ATUALIZAR, { id: empresa.id, input })).updateCompany);
        forgetEmpresas();
        setSalvo(true);
        onDone();
      }}
      title="Configurações"
    >
      <div class="grade">
        <Field label="Razão social" campo="/razao_social">
          <input value={form.razaoSocial} onInput={set('razaoSocial')} />
        </Field>
        <Field label="E-mail" campo="/email">
          <input type="email" value={form.email} onInput={set('email')} />
        </Field>
        <Field label="Inscrição municipal" campo="/inscricao_municipal">
          <input value={form.inscricaoMunicipal} onInput={set('inscricaoMunicipal')} />
        </Field>
        <Field label="Inscrição estadual" campo="/inscricao_estadual">
          <input value={form.inscricaoEstadual} onInput={set('inscricaoEstadual')} />
        </Field>
        <Field label="Regime tributário" campo="/regime_tributario">
          <select value={form.regimeTributario} onChange={set('regimeTributario')}>
            <option value="">Não informado</option>
            {Object.entries(REGIMES).map(([v, t]) => (
              <option value={v}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Apuração no Simples" campo="/regime_apuracao_simples">
          <select value={form.regimeApuracaoSimples} onChange={set('regimeApuracaoSimples')}>
            <option value="">Não informado</option>
            {Object.entries(APURACAO).map(([v, t]) => (
              <option value={v}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Série da DPS" campo="/serie_dps">
          <input inputMode="numeric" value={form.serieDps} onInput={set('serieDps')} />
        </Field>
        <Field label="Série da NF-e" campo="/serie_nfe">
          <input inputMode="numeric" value={form.serieNfe} onInput={set('serieNfe')} />
        </Field>
        <Field label="Código do serviço (padrão)" campo="/padroes/codigo_nacional">
          <input inputMode="numeric" value={form.codigoNacional} onInput={set('codigoNacional')} />
        </Field>
        <Field label="Alíquota do ISS (padrão, %)" hint="Como 2,00 ou 2.00" campo="/padroes/aliquota_iss">
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
        <label class="campo marcar">
          <input
            type="checkbox"
            checked={form.emailTomador}
            onChange={(e) => setForm({ ...form, emailTomador: e.currentTarget.checked })}
          />
          <span>Enviar cada NFS-e autorizada ou cancelada ao e-mail do tomador (PDF e XML)</span>
        </label>
      </div>
      {salvo && <Notice>Configurações salvas.</Notice>}
    </ActionForm>
  );
}
