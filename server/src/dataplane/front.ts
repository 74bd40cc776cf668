// The default runtime path (issue 31): the data plane (./plane.ts) ahead of the portal's Fastify
// instance in the server's own process. The app's HTTP server (built here, as Fastify builds its
// own) has the plane's handle as its request listener: runtime gateway calls are answered by the
// plane, and everything else goes to Fastify's own handler directly — no second port, no second
// hop. GATEWAY_WORKERS=n (./cluster.ts) instead runs the plane in processes, and the app answers
// without it (buildApp's dataPlane: false).
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { DataPlane, READ_BODY } from './plane.ts';
import { localBackend } from './backend.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { onFlush } from '../gateway/record.ts';

/** What Fastify's server options say of its HTTP server (fastify/lib/server.js sets them alike). */
interface HttpServerSettings {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export class PlaneFront {
  private plane: DataPlane | null = null;
  private app: RequestListener | null = null;

  /** Fastify's serverFactory: its handler behind the plane once started (before, the app alone). */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    this.app = handler as RequestListener;
    const o = options as HttpServerSettings;
    const server: Server = createServer(o.http ?? {}, (req, res) => (this.plane ? this.plane.handle(req, res) : handler(req, res)));
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    if (o.connectionTimeout !== undefined) server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };

  /** Fastify's preParsing hook: a body the plane read is what the app parses. */
  static readonly preParsing = (request: { raw: IncomingMessage }, _reply: unknown, payload: Readable, done: (err: null, payload: Readable) => void): void => {
    const body = (request.raw as IncomingMessage & { [READ_BODY]?: Buffer })[READ_BODY];
    done(null, body === undefined ? payload : Readable.from([body]));
  };

  /** Puts the plane ahead of `app` (its store, caches, egress and metrics); its queue is flushed
   * with the app's records and closed with the app. */
  start(app: FastifyInstance, apiBase: string): void {
    if (!this.app) throw new Error('The app was not built with this front\'s serverFactory.');
    const plane = new DataPlane({
      backend: localBackend(app), egress: app.egress, apiBase, app: this.app,
      mtlsHeader: credentialsRuntime(app.db, app.credentialsOptions).mtlsHeader,
      log: (message, err) => app.log.error({ err }, message),
    });
    const stopFlush = onFlush(app.db, () => plane.flush());
    // onClose runs once the calls in flight are answered; the gateway's own onClose and
    // drainAndClose then write what this hands over.
    app.addHook('onClose', async () => {
      stopFlush();
      await plane.close();
    });
    this.plane = plane;
  }
}
