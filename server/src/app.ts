import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { API_PATHS, MAX_BODY_BYTES } from '../../core/api/contract.ts';
import { compressAnswers, setAnswerHeader } from './http/answer-headers.ts';
import type { AppEnv, Services } from './app-env.ts';
import { DomainError } from './base/domain-errors.ts';
import { ApiError, apiErrorOf } from './http/errors.ts';
import { pickLocale, translate } from './base/i18n.ts';
import { methodNotAllowed } from './http/method-not-allowed.ts';
import { CLIENT_CLOSED_REQUEST, loggedPath, requestLog } from './http/request-log.ts';
import { gameProviderApiRoutes } from './providers/games/api-routes.ts';
import { demoSeedLimit } from './services/demo-play.ts';
import { gamePageRoutes } from './providers/games/page-route.ts';
import { sandboxedFrameCors } from './providers/games/frame-cors.ts';
import { accountRoutes } from './routes/account.ts';
import { streamRoutes } from './routes/stream.ts';
import { crashRoomRoutes } from './routes/crash-room.ts';
import { activationRoutes } from './routes/activation.ts';
import { authRoutes } from './routes/auth.ts';
import { bonusRoutes } from './routes/bonus.ts';
import { offerRoutes } from './routes/offers.ts';
import { raceRoutes } from './routes/races.ts';
import { favouriteRoutes } from './routes/favourites.ts';
import { demoPaymentRoutes } from './routes/demo-payment.ts';
import { emailChangeRoutes } from './routes/email-change.ts';
import { gameRoutes } from './routes/games.ts';
import { historyRoutes } from './routes/history.ts';
import { marketRoutes } from './routes/market.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { passwordRoutes } from './routes/password.ts';
import { paymentRoutes } from './routes/payments.ts';
import { responsibleGamingRoutes } from './routes/responsible-gaming.ts';
import { userRoutes } from './routes/user.ts';
import { verificationRoutes } from './routes/verification.ts';
import { sourceOfFundsRoutes } from './routes/source-of-funds.ts';
import { recordLossLimitHitOf } from './services/risk/loss-limit-hit.ts';
import { withdrawalRoutes } from './routes/withdrawal.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { walletApiRoutes } from './routes/wallet-api.ts';
import { createStaticSite } from './http/static-site.ts';
import { isPlayPage, withFrameOrigins } from './http/play-frame-policy.ts';
import { isLobbyPage, withImageOrigins } from './http/lobby-image-policy.ts';
import { activeProviderOrigins, offeredGameImageOrigins } from './services/provider-client/provider-origins.ts';
import { operatorRoutes } from './operator/routes/operator-routes.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { createAppMetrics } from './ops/metrics.ts';
import { opsRoutes } from './ops/routes.ts';
import { backupRoutes } from './ops/backup.ts';

export interface AppOptions {
  /** The built site (`dist/`). */
  distDir: string;
  services: Services;
  /** Where request log lines go; defaults to stdout. */
  log?: (line: string) => void;
  /** Requests in flight and shutdown state (server/src/index.ts passes the one it drains). */
  lifecycle?: Lifecycle;
}

/** Paths that answer JSON, never the site's HTML pages. */
const API_PREFIXES = ['/api/', '/auth/', '/gmnggate/', '/demo-games/api/', '/wallet/'];
export const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));
/** Paths whose answers are private to the caller: `Cache-Control: no-store`. */
const PRIVATE_PREFIXES = ['/api/user/', '/auth/', '/wallet/'];

export function createApp({ distDir, services, log, lifecycle = new Lifecycle() }: AppOptions) {
  const app = new Hono<AppEnv>();
  // /play frames the active providers' games, and the lobby shows their pictures: the providers'
  // origins join the page's frame-src or img-src as it is served.
  const site = createStaticSite(distDir, async (path, body) => {
    if (isPlayPage(path))
      return Buffer.from(withFrameOrigins(body.toString('utf8'), await activeProviderOrigins(services.db)));
    if (isLobbyPage(path))
      return Buffer.from(withImageOrigins(body.toString('utf8'), await offeredGameImageOrigins(services.db)));
    return body;
  });
  const metrics = createAppMetrics(services, lifecycle);

  // Counted for the graceful shutdown; once it began, each answer closes its connection.
  app.use(async (c, next) => {
    lifecycle.started();
    try {
      await next();
      if (lifecycle.shuttingDown) setAnswerHeader(c, 'Connection', 'close');
    } finally {
      lifecycle.finished();
    }
  });
  app.use(requestLog(log));
  app.use(metrics.observe);
  app.use(compressAnswers());
  app.use(async (c, next) => {
    await next();
    // In place (answer-headers.ts): c.header would rebuild the answer once per header.
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    // A page that chose its own (the game page: no-referrer) keeps it.
    if (!c.res.headers.has('Referrer-Policy')) setAnswerHeader(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    // Private answers (the player's data, tokens) are never stored by a browser or a proxy.
    if (PRIVATE_PREFIXES.some((prefix) => c.req.path.startsWith(prefix)))
      setAnswerHeader(c, 'Cache-Control', 'no-store');
    // Cannot be set from a <meta> CSP, so the server adds it: nobody may frame the site.
    if (!c.res.headers.has('Content-Security-Policy'))
      setAnswerHeader(c, 'Content-Security-Policy', "frame-ancestors 'none'");
  });
  // Messages (errors, notifications, history) follow the language the site asks for.
  app.use(async (c, next) => {
    c.set('locale', pickLocale(c.req.header('accept-language')));
    await next();
  });
  // The game page runs sandboxed in an opaque origin: its API calls and script come as Origin: null.
  for (const path of ['/demo-games/api/*', '/demo-games/assets/*']) app.use(path, sandboxedFrameCors());
  if (services.config.corsOrigins.length) {
    const allowed = cors({
      origin: services.config.corsOrigins,
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE'],
      exposeHeaders: ['Retry-After', 'Idempotent-Replayed', 'Token-Expires'],
      maxAge: 600,
    });
    for (const prefix of API_PREFIXES) app.use(`${prefix}*`, allowed);
  }
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ detail: translate(c.get('locale'), 'errors.body_too_large') }, 413),
  });
  // The identity and source-of-funds document uploads are the larger bodies (two files of up to 5 MB, multipart and
  // unencrypted: docs/api.md "The reference API"). Its route applies its own limit once the player is
  // known, so nobody signed out gets a large body read; every other request keeps the small limit.
  const isUpload = (c: { req: { method: string; path: string } }) =>
    c.req.method === 'POST' && (c.req.path === API_PATHS.verification || c.req.path === API_PATHS.sourceOfFunds);
  // A GET or HEAD has no body here (the node server gives it none); asking the limit to look would
  // build a full WHATWG Request for every read.
  const hasNoBody = (c: { req: { method: string } }) => c.req.method === 'GET' || c.req.method === 'HEAD';
  for (const prefix of API_PREFIXES)
    app.use(`${prefix}*`, (c, next) => (isUpload(c) || hasNoBody(c) ? next() : limit(c, next)));
  app.use(methodNotAllowed(app, isApiPath));
  // Health, readiness and metrics (docs/deploying.md).
  app.route('/', opsRoutes(services, lifecycle, metrics));
  app.route('/', backupRoutes(services));

  for (const routes of [
    authRoutes,
    activationRoutes,
    passwordRoutes,
    userRoutes,
    sessionRoutes,
    twoFactorRoutes,
    notificationRoutes,
    paymentRoutes,
    withdrawalRoutes,
    verificationRoutes,
    sourceOfFundsRoutes,
    historyRoutes,
    gameRoutes,
    marketRoutes,
    demoPaymentRoutes,
    responsibleGamingRoutes,
  ]) {
    app.route('/', routes(services));
  }
  app.route('/', bonusRoutes(services));
  app.route('/', offerRoutes(services));
  app.route('/', raceRoutes(services));
  app.route('/', favouriteRoutes(services));
  app.route('/', emailChangeRoutes(services));
  app.route('/', accountRoutes(services));
  // The live stream: Server-Sent Events, across nodes through the database (docs/live-stream.md).
  app.route('/', streamRoutes(services, lifecycle));
  app.route('/', crashRoomRoutes(services));
  // The seamless wallet API that game providers call, signed (docs/provider-api.md).
  app.route('/', walletApiRoutes(services));
  // The operator console: staff only, its own sessions, pages and CSP (server/src/operator/).
  app.route('/', operatorRoutes(services));
  // The demo game provider: its JSON API and its game pages.
  app.post('/demo-games/api/sessions/:id/seeds', demoSeedLimit(services));
  app.route('/', gameProviderApiRoutes(services));
  app.route(
    '/',
    gamePageRoutes(services, {
      siteOrigin: services.config.games.separateProvider ? services.config.games.siteOrigin : undefined,
    }),
  );

  // The site is the fallback for every path no API route claims, so routes can be added in
  // any order. Only GET and HEAD read files; any other method on a page path is a 404.
  app.notFound((c) => {
    if (isApiPath(c.req.path)) return c.json({ detail: translate(c.get('locale'), 'errors.not_found') }, 404);
    return c.req.method === 'GET' || c.req.method === 'HEAD' ? site.serve(c) : site.errorPage(c, 404);
  });

  app.onError(async (thrown, c) => {
    // A stake a loss limit refused is remembered for the risk rules once its transaction rolled back.
    await recordLossLimitHitOf(services.db, thrown, services.clock());
    // A service's refusal (domain-errors.ts) answers like a route's own ApiError.
    const error = thrown instanceof DomainError ? apiErrorOf(thrown) : thrown;
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.render(c.get('locale')), error.status);
    }
    // The client went away mid-request (an upload cancelled, a tab closed): not our error, and
    // nobody is left to read an answer. Logged by the request log as 499 at level info.
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    // Only the message: never the request, whose body or headers may hold secrets.
    console.error(
      JSON.stringify({ level: 'error', id: c.get('requestId'), path: loggedPath(c), error: error.message }),
    );
    if (isApiPath(c.req.path)) return c.json({ detail: translate(c.get('locale'), 'errors.server_error') }, 500);
    return site.errorPage(c, 500);
  });

  return app;
}
