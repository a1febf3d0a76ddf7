/**
 * Everything that exists only when the site runs on the embedded space (no STORYBLOK_TOKEN): the
 * space itself (its snapshot and CDN emulator, a module of its own: ./embedded-space.ts), its
 * image service (/_storyblok/...), the local publish route, its preview key and its local bridge.
 * Wired in one place, src/server/index.ts: the content middleware asks `access` for a request's
 * origin only on the embedded space, and `routes` answer only there; with a token their paths
 * are answered as any unknown path is.
 */
import { type Context, Hono, type Next } from "hono";
import type { Logger } from "../../shared/log";
import type { SpaceAccess } from "../middleware/content";
import type { AppBindings } from "../request-context";
import { methodNotAllowed, type ReceiveEvent, webhookFailed } from "../routes/webhook";
import type { Emulator } from "./emulator";
import type { EmbeddedSpace } from "./embedded";
import { IMAGE_SERVICE_PATH, serveImage } from "./image-service";
import { EMULATOR_PUBLISH_PATH, publishLocally } from "./publish";

/** Where the content layer's calls go on the embedded space: the emulator answers them, no request leaves the Worker. */
export const EMULATOR_ENDPOINT = "https://emulator.local/v2";
/** The local stand-in for Storyblok's bridge (public/preview/bridge.js): same API, and a hook to fire the editor's events. */
export const LOCAL_BRIDGE_URL = "/preview/bridge.js";

export interface DemoDeps {
  /** Loads the embedded space's module (its literal import stays in src/server/index.ts, where wrangler needs it). */
  load: () => Promise<EmbeddedSpace>;
  /** The emulator's clock (publish times, the new cache version). */
  now: () => number;
  /** Replaces the emulator: tests inject faults here. */
  fetch?: typeof fetch;
  /** The webhook's handling of a signed event: a local publish goes through it as Storyblok's event would. */
  receive: ReceiveEvent;
}

export interface Demo {
  /** The request's access to the embedded space (loaded the first time it is asked for). */
  access: (c: Context<AppBindings>) => SpaceAccess | Promise<SpaceAccess>;
  /** The image service and the local publish route: answered on the embedded space only. */
  routes: Hono<AppBindings>;
}

/** The embedded space as one isolate serves it: loaded once, its emulator made on first use. */
export function createDemo(deps: DemoDeps): Demo {
  let loading: Promise<EmbeddedSpace> | undefined;
  const loaded = () => (loading ??= deps.load());
  let ready: EmbeddedAccess | undefined;
  // made on first use (an origin call, a local publish): copying the snapshot is the costliest
  // thing a fresh isolate does, and with KV warm its first pages need no origin call
  let emulator: Emulator | undefined;
  const emulatorOf = (space: EmbeddedSpace) => (emulator ??= space.createEmulator(space.snapshot, { now: deps.now }));

  const access = (c: Context<AppBindings>): SpaceAccess | Promise<SpaceAccess> => {
    if (ready) return ready.for(c.get("url").hostname, c.get("logger"));
    return loaded().then((space) => {
      ready ??= embeddedAccess(space, deps.fetch ?? ((input, init) => emulatorOf(space).fetch(input, init)));
      return ready.for(c.get("url").hostname, c.get("logger"));
    });
  };

  const routes = new Hono<AppBindings>();
  routes.get(IMAGE_SERVICE_PATH, onEmbeddedSpace(serveImage));
  const publish = new Hono<AppBindings>();
  publish.post(
    EMULATOR_PUBLISH_PATH,
    onEmbeddedSpace(async (c) => publishLocally(c, emulatorOf(await loaded()), deps.receive)),
  );
  publish.all(EMULATOR_PUBLISH_PATH, onEmbeddedSpace(methodNotAllowed));
  publish.onError(webhookFailed);
  routes.route("/", publish);
  return { access, routes };
}

/** A route that exists on the embedded space only: with a Storyblok token the request goes on as if it did not. */
function onEmbeddedSpace(handler: (c: Context<AppBindings>) => Response | Promise<Response>) {
  return (c: Context<AppBindings>, next: Next) => (c.get("config").storyblok.kind === "embedded" ? handler(c) : next());
}

/** The embedded space's access per host: drafts open on this machine only (its preview token is documented, not a secret). */
interface EmbeddedAccess {
  for(hostname: string, logger: Logger): SpaceAccess;
}

function embeddedAccess(space: EmbeddedSpace, fetch: typeof globalThis.fetch): EmbeddedAccess {
  const { snapshot } = space;
  const origin = { name: "emulator", endpoint: EMULATOR_ENDPOINT, tokens: snapshot.tokens, fetch };
  const onThisMachine: SpaceAccess = {
    origin,
    visualEditor: { previewToken: snapshot.tokens.preview, spaceId: snapshot.space.id, bridge: LOCAL_BRIDGE_URL },
  };
  const onPublicHost: SpaceAccess = { origin, visualEditor: { spaceId: snapshot.space.id, bridge: LOCAL_BRIDGE_URL } };
  // the host rarely changes between requests: its check is kept for the last one
  let last = { hostname: "", local: false };
  let toldPublic = false;
  return {
    for(hostname, logger) {
      if (hostname !== last.hostname) last = { hostname, local: isLocalHost(hostname) };
      if (last.local) return onThisMachine;
      if (!toldPublic) {
        toldPublic = true;
        logger.error("content.token_missing", {
          message: "STORYBLOK_TOKEN is not set on a public host: serving the embedded snapshot, drafts are closed",
        });
      }
      return onPublicHost;
    },
  };
}

/** Hosts that are this machine or reserved for testing (RFC 6761): the only ones the embedded space's drafts open on. */
export function isLocalHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname) || /\.(localhost|test)$/.test(hostname);
}
