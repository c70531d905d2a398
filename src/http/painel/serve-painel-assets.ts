import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EngineError } from '../../engine/errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files under assets/ carry a content hash in their names: a changed file is a new name, so they never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Painel não construído</title></head>
<body><h1>O painel não foi construído</h1>
<p>Os arquivos do painel do operador não estão neste servidor. Rode <code>npm run build</code> (o <code>npm start</code> já o faz) e reinicie o serviço.</p>
</body></html>
`;

/**
 * GET /painel and /painel/*: a file of the built panel, else its index.html (the panel routes in the browser),
 * except under assets/, where a missing file is a 404. Without a built panel, a Portuguese 503 page.
 */
export function servePainelAssets(dir: string) {
  const root = resolve(dir);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodedPath(req.url);
    const file = path === null ? null : resolve(root, path);
    // The JSON routes answer their own 404s; a path that leaves the folder is no file of the panel.
    if (
      path === null ||
      file === null ||
      path === 'api' ||
      path.startsWith('api/') ||
      (file !== root && !file.startsWith(root + sep))
    ) {
      throw new EngineError('rota_nao_encontrada', 'Rota não encontrada.', {
        correcao: 'Confira o método e o caminho.',
      });
    }
    if (path !== '' && (await isFile(file))) {
      const immutable = path.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? IMMUTABLE : 'no-cache')
        .type(TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
        .send(await readFile(file));
    }
    if (path.startsWith('assets/')) {
      throw new EngineError('rota_nao_encontrada', 'Arquivo do painel não encontrado.', {
        correcao: 'Recarregue a página: o painel pode ter sido atualizado.',
      });
    }
    const index = join(root, 'index.html');
    if (!(await isFile(index))) {
      return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(index));
  };
}

function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!).replace(/^\/painel\/?/, '');
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
