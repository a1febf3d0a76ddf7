// The security headers (src/server/render/security.ts, docs/site-behaviour.md "Security headers"):
// the CSP on an HTML page, the rest on that page and on a plain-text answer (robots.txt), since
// every answer of the Worker carries them.
import { type Check, statusProblem } from "./check.ts";
import { startTags } from "./html.ts";
import type { Answer } from "./http.ts";
import { MAX_SMALL_BYTES, type Site } from "./site.ts";

/** Home (an HTML page) and robots.txt (not HTML): the answers the base headers are read on. */
async function baseAnswers(site: Site): Promise<Answer[]> {
  return Promise.all([site.get("/"), site.get("/robots.txt", MAX_SMALL_BYTES)]);
}

/** A check that each of `baseAnswers` has `header` right: `problem` says what is wrong with its value. */
function baseHeaderCheck(name: string, header: string, problem: (value: string | null, headers: Headers) => string | undefined): Check {
  return {
    name,
    path: "/",
    run: async (site) => {
      const answers = await baseAnswers(site);
      return answers.flatMap((answer) => {
        const wrong = problem(answer.headers.get(header), answer.headers);
        return wrong ? [`${new URL(answer.url).pathname}: ${wrong}`] : [];
      });
    },
  };
}

const ONE_YEAR_SECONDS = 31_536_000;

function hstsProblem(value: string | null): string | undefined {
  if (value === null) return "no Strict-Transport-Security";
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? Number.NaN);
  if (!(maxAge >= ONE_YEAR_SECONDS)) return `Strict-Transport-Security "${value}" has no max-age of a year or more`;
  return /includesubdomains/i.test(value) ? undefined : `Strict-Transport-Security "${value}" lacks includeSubDomains`;
}

/** Referrer policies that never send a path to another site, nor anything over plain http. */
const SAFE_REFERRER_POLICIES: readonly string[] = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

/** What the site turns off for every page (src/server/render/security.ts PERMISSIONS_POLICY): none of it is used. */
const DENIED_FEATURES: readonly string[] = ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"];

function permissionsProblem(value: string | null): string | undefined {
  if (value === null) return "no Permissions-Policy";
  const allowed = DENIED_FEATURES.filter((feature) => !new RegExp(`(^|,)\\s*${feature}=\\(\\)\\s*(,|$)`).test(value));
  return allowed.length ? `Permissions-Policy "${value}" does not deny ${allowed.join(", ")}` : undefined;
}

/** The Worker names no server software; Cloudflare's edge adds its own `Server: cloudflare`. */
function serverProblem(server: string | null, headers: Headers): string | undefined {
  if (headers.has("x-powered-by")) return `X-Powered-By: ${headers.get("x-powered-by")}`;
  return server === null || server.toLowerCase() === "cloudflare" ? undefined : `Server: ${server}`;
}

export const headerChecks: Check[] = [
  { name: "headers:csp", path: "/", run: cspProblems },
  baseHeaderCheck("headers:hsts", "strict-transport-security", hstsProblem),
  baseHeaderCheck("headers:nosniff", "x-content-type-options", (value) =>
    value === "nosniff" ? undefined : `X-Content-Type-Options is "${value ?? ""}"`,
  ),
  baseHeaderCheck("headers:referrer-policy", "referrer-policy", (value) =>
    SAFE_REFERRER_POLICIES.includes(value ?? "") ? undefined : `Referrer-Policy is "${value ?? ""}"`,
  ),
  baseHeaderCheck("headers:permissions-policy", "permissions-policy", permissionsProblem),
  baseHeaderCheck("headers:server", "server", serverProblem),
];

/** The directives of a policy; the first of a name counts, as browsers read it. */
export function cspDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/**
 * The CSP of Dutch and English home (docs/site-behaviour.md): scripts only by a fresh nonce per
 * answer that every script element carries, nothing inline or evaluated, no plugins, no other base,
 * forms to the site only, never framed (frame-ancestors, or X-Frame-Options in its place).
 */
async function cspProblems(site: Site): Promise<string[]> {
  const [home, english] = await Promise.all([site.get("/"), site.get("/en")]);
  if (home.status !== 200) return [statusProblem(home, 200)];
  const policy = home.headers.get("content-security-policy");
  if (!policy) return ["no Content-Security-Policy header"];
  const directives = cspDirectives(policy);
  const problems = [...scriptSrcProblems(directives), ...otherDirectiveProblems(directives, home.headers.get("x-frame-options"))];
  const nonce = nonceOf(directives);
  if (nonce) {
    const bare = startTags(home.text, "script").filter((tag) => tag.nonce !== nonce).length;
    if (bare) problems.push(`${bare} <script> elements without the policy's nonce`);
    if (english.status === 200 && nonceOf(cspDirectives(english.headers.get("content-security-policy") ?? "")) === nonce) {
      problems.push("the same nonce on two answers (/ and /en): not fresh per request");
    }
  }
  return problems;
}

const nonceOf = (directives: Map<string, string[]>): string | undefined =>
  /^'nonce-([A-Za-z0-9+/_=-]{16,})'$/.exec((directives.get("script-src") ?? []).find((value) => value.startsWith("'nonce-")) ?? "")?.[1];

/** Sources that would let a script run without the nonce. */
const UNSAFE_SCRIPT_SOURCES: readonly string[] = ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "data:"];

function scriptSrcProblems(directives: Map<string, string[]>): string[] {
  const scriptSrc = directives.get("script-src");
  if (!scriptSrc) return ["no script-src"];
  const problems: string[] = [];
  if (!nonceOf(directives)) problems.push(`script-src "${scriptSrc.join(" ")}" has no nonce of 16 characters or more`);
  if (!scriptSrc.includes("'strict-dynamic'")) problems.push("script-src lacks 'strict-dynamic'");
  const unsafe = scriptSrc.filter((value) => UNSAFE_SCRIPT_SOURCES.includes(value.toLowerCase()));
  if (unsafe.length) problems.push(`script-src allows ${unsafe.join(" ")}`);
  return problems;
}

function otherDirectiveProblems(directives: Map<string, string[]>, frameOptions: string | null): string[] {
  const problems: string[] = [];
  const is = (name: string, allowed: string[]) => {
    const value = directives.get(name)?.join(" ");
    if (value === undefined || !allowed.includes(value))
      problems.push(`${name} is ${value === undefined ? "missing" : `"${value}"`}, not ${allowed.join(" or ")}`);
  };
  if (!directives.has("default-src")) problems.push("no default-src");
  is("object-src", ["'none'"]);
  is("base-uri", ["'self'", "'none'"]);
  is("form-action", ["'self'"]);
  const framed = directives.get("frame-ancestors")?.join(" ");
  const framingDenied =
    framed === "'none'" || framed === "'self'" || (framed === undefined && /^(deny|sameorigin)$/i.test(frameOptions ?? ""));
  if (!framingDenied)
    problems.push(
      `framing is allowed: frame-ancestors ${framed === undefined ? "missing" : `"${framed}"`}, X-Frame-Options ${frameOptions ?? "missing"}`,
    );
  return problems;
}
