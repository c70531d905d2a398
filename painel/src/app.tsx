import { useEffect, useState } from 'preact/hooks';
import { closeLive } from './api/live.js';
import { onSessao, restoreSessao, sair, sessao, type Sessao } from './api/session.js';
import { Convite } from './pages/convite.js';
import { Entrar } from './pages/entrar.js';
import { Link, match, navigate, useLocation } from './router.js';
import { ROTAS } from './rotas.js';
import { ErrorBox } from './ui/ui.js';

const MENU: Array<[string, string]> = [
  ['/notas', 'Notas (NFS-e)'],
  ['/nfe', 'NF-e'],
  ['/lotes', 'Lotes'],
  ['/transmissoes', 'Transmissões desistidas'],
  ['/empresas', 'Empresas'],
  ['/chaves', 'Chaves de API'],
  ['/webhooks', 'Webhooks'],
  ['/eventos', 'Eventos'],
  ['/integracao', 'Integração'],
  ['/uso', 'Uso'],
];

export function App() {
  const [s, setS] = useState<Sessao | null>(sessao());
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const off = onSessao((next) => {
      setS(next);
      if (!next) closeLive();
    });
    restoreSessao().then(
      () => setReady(true),
      (e: Error) => {
        setError(e.message);
        setReady(true);
      },
    );
    return off;
  }, []);
  const { path, query } = useLocation();

  if (path === '/convite' && !s) return <Convite token={query.get('token') ?? ''} />;
  if (!ready) return <p class="carregando">Carregando…</p>;
  if (!s) {
    return (
      <>
        <ErrorBox error={error} />
        <Entrar />
      </>
    );
  }
  if (path === '/' || path === '/entrar' || path === '/convite') {
    navigate('/notas', true);
    return null;
  }
  let page = null;
  for (const [pattern, render] of ROTAS) {
    const params = match(pattern, path);
    if (params) {
      page = render(params);
      break;
    }
  }
  return (
    <>
      <a class="pular" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header class="topo">
        <strong class="marca">Painel fiscal</strong>
        <span class="conta">{s.conta.nome}</span>
        <button type="button" class="secundario" onClick={() => void sair()}>
          Sair
        </button>
      </header>
      <div class="corpo">
        <nav aria-label="Seções">
          <ul>
            {MENU.map(([href, text]) => (
              <li>
                <Link href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>
                  {text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" key={path}>
          {page ?? <p>Página não encontrada.</p>}
        </main>
      </div>
    </>
  );
}
