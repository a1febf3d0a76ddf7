/**
 * A Worker's other resources (settings, secrets, cron triggers, workers.dev subdomain), the
 * account-level lookups wrangler makes around a deploy (token, memberships, Durable Object
 * namespaces, custom domains, zones), and the two newer views of a script wrangler reads:
 * `workers/services/{name}` (does it exist, its migration tag) and `workers/workers/{name}`.
 */
import { type Answer, type Call, isAnswer, notFound, ok, page, refuse } from "./envelope.ts";
import { findScript, redeployWith, scriptMissing, scriptResult, secretsOf } from "./handlers-scripts.ts";
import { type Binding, createScript, currentVersion, now, type ScriptRecord } from "./state.ts";

export function verifyToken(_call: Call): Answer {
  return ok({ id: "0".repeat(32), status: "active" });
}

export function memberships(call: Call): Answer {
  const { accountId } = call.account.state;
  return page(
    [{ id: "1".repeat(32), status: "accepted", account: { id: accountId, name: "Stand-in account" }, roles: ["Administrator"] }],
    call.query,
    20,
  );
}

export function accounts(call: Call): Answer {
  return page([{ id: call.account.state.accountId, name: "Stand-in account", type: "standard" }], call.query, 20);
}

export function getSettings(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const version = currentVersion(script);
  return ok({
    bindings: version?.bindings ?? [],
    compatibility_date: version?.compatibility_date ?? undefined,
    compatibility_flags: version?.compatibility_flags ?? [],
    usage_model: "standard",
    placement: {},
    ...script.script_settings,
  });
}

export function patchSettings(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const part = call.parts.get("settings");
  const settings = part ? (JSON.parse(part.text) as Record<string, unknown>) : {};
  for (const key of ["logpush", "tail_consumers", "observability", "tags"])
    if (key in settings) script.script_settings[key] = settings[key];
  call.account.changed();
  return getSettings(call);
}

export function getScriptSettings(call: Call): Answer {
  const script = findScript(call);
  return script ? ok(script.script_settings) : scriptMissing();
}

export function patchScriptSettings(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  Object.assign(script.script_settings, call.json);
  call.account.changed();
  return ok(script.script_settings);
}

export function listSecrets(call: Call): Answer {
  const script = findScript(call);
  return script ? ok(secretsOf(script).map((b) => ({ name: b.name, type: b.type }))) : scriptMissing();
}

export function putSecret(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const secret = call.json as Binding;
  const done = redeployWith(call, script, (bindings) => [...bindings.filter((b) => b.name !== secret.name), secret]);
  return isAnswer(done) ? done : ok({ name: secret.name, type: secret.type });
}

export function patchSecrets(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const changes = (call.json.secrets ?? {}) as Record<string, Binding | null>;
  const done = redeployWith(call, script, (bindings) => {
    const kept = bindings.filter((b) => !(b.name in changes));
    const set = Object.entries(changes).flatMap(([name, value]) => (value ? [{ ...value, name }] : []));
    return [...kept, ...set];
  });
  return isAnswer(done) ? done : ok(secretsOf(script).map((b) => ({ name: b.name, type: b.type })));
}

export function getAccountSubdomain(call: Call): Answer {
  const { subdomain } = call.account.state;
  return subdomain ? ok({ subdomain }) : notFound(10007, "This account has no workers.dev subdomain yet");
}

export function putAccountSubdomain(call: Call): Answer {
  const subdomain = String(call.json?.subdomain ?? "");
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(subdomain)) return refuse(400, 10032, "Invalid subdomain");
  call.account.state.subdomain = subdomain;
  call.account.changed();
  return ok({ subdomain });
}

export function getScriptSubdomain(call: Call): Answer {
  const script = findScript(call);
  return script ? ok(script.subdomain) : scriptMissing();
}

export function postScriptSubdomain(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  script.subdomain = { enabled: Boolean(call.json.enabled), previews_enabled: Boolean(call.json.previews_enabled ?? call.json.enabled) };
  call.account.changed();
  return ok(script.subdomain);
}

export function getSchedules(call: Call): Answer {
  const script = findScript(call);
  return script ? ok({ schedules: script.schedules }) : scriptMissing();
}

export function putSchedules(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const given = (Array.isArray(call.json) ? call.json : []) as Array<{ cron?: unknown }>;
  const at = now();
  if (given.some((s) => typeof s.cron !== "string" || s.cron.trim().split(/\s+/).length !== 5))
    return refuse(400, 10100, "Invalid cron expression: a cron trigger has five fields");
  script.schedules = given.map((s) => ({ cron: String(s.cron), created_on: at, modified_on: at }));
  call.account.changed();
  return ok({ schedules: script.schedules });
}

/** `GET workers/services/{name}`: how wrangler learns whether a Worker exists, and its migration tag. */
export function getService(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  return ok({
    id: script.name,
    default_environment: {
      environment: "production",
      created_on: script.created_on,
      modified_on: script.modified_on,
      script: scriptResult(script),
    },
    created_on: script.created_on,
    modified_on: script.modified_on,
  });
}

function workerResult(call: Call, script: ScriptRecord) {
  const { subdomain } = call.account.state;
  return {
    id: script.tag,
    name: script.name,
    created_on: script.created_on,
    updated_on: script.modified_on,
    tags: script.script_settings.tags ?? [],
    logpush: Boolean(script.script_settings.logpush),
    observability: script.script_settings.observability ?? { enabled: false },
    subdomain: { ...script.subdomain, ...(subdomain ? { preview_url_suffix: `-${script.name}.${subdomain}.workers.dev` } : {}) },
    previews_base_config: {},
  };
}

export function getWorker(call: Call): Answer {
  const script = call.account.state.scripts[call.params.worker_id ?? ""];
  return script ? ok(workerResult(call, script)) : scriptMissing();
}

/** `POST workers/workers`: the empty parent Worker `wrangler preview` creates when none exists yet. */
export function createWorker(call: Call): Answer {
  const name = String(call.json?.name ?? "");
  if (!/^[a-z0-9_][a-z0-9-_]*$/.test(name)) return refuse(400, 10021, "Invalid Worker name");
  if (call.account.state.scripts[name]) return refuse(409, 10014, `A Worker named ${name} already exists`);
  const script = createScript(name);
  script.subdomain = { enabled: Boolean(call.json.subdomain?.enabled), previews_enabled: Boolean(call.json.subdomain?.previews_enabled) };
  call.account.state.scripts[name] = script;
  call.account.changed();
  return ok(workerResult(call, script));
}

export function patchWorker(call: Call): Answer {
  const script = call.account.state.scripts[call.params.worker_id ?? ""];
  return script ? ok(workerResult(call, script)) : scriptMissing();
}

export function durableObjectNamespaces(call: Call): Answer {
  const items = Object.values(call.account.state.scripts).flatMap((script) =>
    script.durable_object_classes.map((className) => ({
      id: `${script.tag.slice(0, 16)}${Buffer.from(className).toString("hex").padEnd(16, "0").slice(0, 16)}`,
      name: `${script.name}_${className}`,
      script: script.name,
      class: className,
      use_sqlite: true,
    })),
  );
  return page(items, call.query, 1000);
}

export const listDomains = (call: Call): Answer => page([], call.query, 100);
export const listZones = (call: Call): Answer => page([], call.query, 20);
export const listZoneRoutes = (_call: Call): Answer => ok([]);
export const scriptRoutes = (call: Call): Answer => (findScript(call) ? ok([]) : scriptMissing());
export const attachDomain = (_call: Call): Answer =>
  refuse(400, 100117, "This account has no zones: custom domains cannot be attached on the stand-in");
export const createZoneRoute = (_call: Call): Answer => notFound(7003, "Could not route to the zone: the stand-in account has no zones");
