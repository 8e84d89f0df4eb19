import { existsSync } from 'node:fs';
import { contentSecurityPolicy } from '../csp';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { repoRoot } from './handlers';
import { HOST } from './ports';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/platform/http/edge';
import { closeServer, listen, sendJson, type Log } from './util';
import { compressionCache, REVALIDATE, sendCompressed, staticHandler } from './web-static';

import type { RumRuntimeConfig } from '../constructs/browser-errors.js';
import type { MapRuntimeConfig } from '../site.js';
import { LINZ_BASEMAPS_ORIGIN } from '../../shared/domain/site-map.js';

export type WebMode = 'dev' | 'dist' | 'none';

export interface WebConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  authFlowType: 'USER_PASSWORD_AUTH';
  termsUrl?: string;
  privacyUrl?: string;
  onlineHelpUrl?: string;
  support?: { email?: string; phone?: string; website?: string };
  /** The site map (infra/site.ts siteRuntimeConfig): its centre and zoom, a LINZ Basemaps key if given. */
  map?: MapRuntimeConfig;
  /** Browser error reporting: only when asked (CONSENT_PORTAL_LOCAL_RUM, infra/local/rum.ts). */
  rum?: RumRuntimeConfig;
}

export interface LocalWeb {
  url: string;
  stop(): Promise<void>;
}

/**
 * Forwards /api/* to the local gateway as the CloudFront behaviour does: the origin secret added
 * (the API refuses requests without it: functions/platform/http/edge.ts) and the viewer's address
 * set, whatever the client sent in those headers. The viewer is the first X-Forwarded-For entry
 * when a test gives one (to act as several clients from 127.0.0.1), else the socket's address;
 * CloudFront's function takes the connection's address only.
 */
function proxyTo(apiPort: number, originSecret: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    const viewer = first || req.socket.remoteAddress || '127.0.0.1';
    const headers = { ...req.headers };
    delete headers[ORIGIN_VERIFY_HEADER];
    delete headers[VIEWER_IP_HEADER];
    const out = httpRequest(
      {
        host: HOST,
        port: apiPort,
        method: req.method,
        path: req.url,
        headers: {
          ...headers,
          'x-forwarded-for': viewer,
          [ORIGIN_VERIFY_HEADER]: originSecret,
          [VIEWER_IP_HEADER]: viewer,
        },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) sendJson(res, 502, { message: 'Bad Gateway' });
      else res.destroy();
    });
    req.pipe(out);
  };
}

export async function startWeb(opts: {
  port: number;
  apiPort: number;
  /** 'none': only the /api/* behaviour (the integration tests' way in), no SPA. */
  mode: WebMode;
  /** The secret the API expects from CloudFront (ORIGIN_VERIFY_SECRET of the handlers). */
  originSecret: string;
  config: WebConfig;
  /** The S3 stand-in's origin (presigned uploads go straight to it, as to the bucket in AWS). */
  uploadsOrigin: string;
  log: Log;
}): Promise<LocalWeb> {
  const api = proxyTo(opts.apiPort, opts.originSecret);
  const configJson = Buffer.from(JSON.stringify(opts.config, null, 2));
  const compressConfig = compressionCache();
  let spa: (req: IncomingMessage, res: ServerResponse) => void;
  let closeVite: (() => Promise<void>) | undefined;
  const server: Server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/config.json') {
      sendCompressed(compressConfig, req, res, {
        key: 'config.json',
        version: 'config',
        body: configJson,
        type: 'application/json',
        headers: { 'cache-control': REVALIDATE },
      });
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      api(req, res);
      return;
    }
    spa(req, res);
  });

  if (opts.mode === 'none') {
    spa = (_req, res) => sendJson(res, 404, { message: 'Not Found' });
  } else if (opts.mode === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.join(repoRoot, 'web/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
      logLevel: 'warn',
    });
    closeVite = () => vite.close();
    spa = (req, res) =>
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
      });
  } else {
    const root = path.join(repoRoot, 'web/dist');
    if (!existsSync(path.join(root, 'index.html')))
      opts.log('web/dist/index.html is missing: run npm run build:web');
    // The built SPA gets the same Content-Security-Policy as behind CloudFront (infra/csp.ts), so
    // the browser tests meet it. (Vite's dev server needs inline scripts and a websocket: no CSP.)
    spa = staticHandler(root, {
      'content-security-policy': contentSecurityPolicy({
        cognitoOrigin: opts.config.cognitoEndpoint,
        uploadsOrigin: opts.uploadsOrigin,
        rumRegion: opts.config.rum?.region,
        mapTilesOrigin: opts.config.map?.key ? LINZ_BASEMAPS_ORIGIN : undefined,
        upgradeInsecureRequests: false,
      }),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  }
  await listen(server, opts.port, HOST);
  return {
    url: `http://${HOST}:${opts.port}`,
    stop: async () => {
      await closeVite?.();
      await closeServer(server);
    },
  };
}
