import type { Server } from 'node:http';
import type { WebSocketServer } from 'ws';

/**
 * One upgrade listener for the websocket servers of the HTTP server, by path: two servers each listening for
 * upgrades would each refuse the other's path. An upgrade to any other path is refused with 404.
 */
export function routeUpgrades(server: Server, routes: Record<string, WebSocketServer>): void {
  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0]!;
    const wss = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!wss) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
  });
}
