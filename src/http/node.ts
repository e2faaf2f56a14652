/**
 * @module The Node listener: serves the fetch handler with @hono/node-server, by default on
 * 127.0.0.1 only.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Service } from '../service/service.js';
import { httpHandler, type HandlerOptions } from './handler.js';

/** Options of {@link listen}: the handler options plus where to bind. */
export interface ListenOptions extends HandlerOptions {
  /** TCP port; default 8787; 0 picks a free port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
}

/** A running server. */
export interface Listening {
  /** `http://host:port` actually bound. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts listening and resolves once the port is bound.
 * @example const s = await listen(service, { port: 0 }); s.url // => 'http://127.0.0.1:54321'
 */
export function listen(service: Service, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? '127.0.0.1';
  const fetch = httpHandler(service, options);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: options.port ?? 8787, hostname: host }, (info: AddressInfo) => {
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${urlHost}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close((e) => (e ? fail(e) : done()));
          }),
      });
    });
    server.once('error', reject);
  });
}
