import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

// Paths under /painel, kept in the address bar (history API): every page has an address that can be reloaded
// or shared, and the server answers index.html for any of them.
const BASE = '/painel';

const listeners = new Set<() => void>();
addEventListener('popstate', () => listeners.forEach((l) => l()));

/** The current location below /painel ("/notas/123?status=autorizada" → path "/notas/123"). */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, tick] = useState(0);
  useEffect(() => {
    const l = () => tick((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : '/';
  return { path, query: new URLSearchParams(location.search) };
}

export function navigate(to: string, replace = false) {
  const url = BASE + to;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((l) => l());
  window.scrollTo(0, 0);
}

/** A real link (keyboard, middle click, copy address) that navigates without reloading the page. */
export function Link(props: { href: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  return (
    <a
      {...rest}
      href={BASE + href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** Matches "/notas/:id" against a path; answers the parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}
