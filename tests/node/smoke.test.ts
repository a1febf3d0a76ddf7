// `npm run smoke` (tools/smoke/) against the built site as `npm start` serves it: every check
// passes, on its own host and on a preview host through --connect-to; and through a proxy that
// breaks one thing at a time, exactly the check for that thing fails.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalWorker, waitUntilUp } from "../../tools/local/local-worker.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { checkNames, runSmoke } from "../../tools/smoke/smoke.ts";

const PORT = 8753;
const base = `http://127.0.0.1:${PORT}`;
const PREVIEW = "https://abc123-agency-site.koraal.workers.dev";
const state = mkdtempSync(join(tmpdir(), "smoke-site-"));
let server: ChildProcess | undefined;

/** What the proxy breaks in the site's answers, one thing at a time. */
type Break = "csp" | "vacancy" | "json-ld" | "robots-closed" | "robots-open" | "newsletter";
let broken: Break | undefined;
let proxy: Server | undefined;
let proxyBase = "";

beforeAll(async () => {
  server = startLocalWorker({ port: PORT, persist: state, logLevel: "error" });
  proxy = createServer((req, res) => {
    void proxied(req).then(({ status, headers, body }) => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy?.listen(0, "127.0.0.1", resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  await waitUntilUp(base);
}, 120_000);

afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => proxy?.close(resolve));
  rmSync(state, { recursive: true, force: true });
});

interface Proxied {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The site's answer, Host passed through (the site names the proxy's origin), then broken as `broken` says. */
async function proxied(req: IncomingMessage): Promise<Proxied> {
  const body = Buffer.concat(await req.toArray());
  // uncompressed, so a body can be changed
  const { "accept-encoding": _, ...headers } = req.headers;
  const answer = await new Promise<Proxied>((resolve, reject) => {
    const upstream = request({ host: "127.0.0.1", port: PORT, method: req.method, path: req.url, headers }, async (res) => {
      const { "transfer-encoding": _chunked, "content-length": _length, connection: _connection, ...kept } = res.headers;
      resolve({ status: res.statusCode ?? 502, headers: kept, body: Buffer.concat(await res.toArray()) });
    });
    upstream.on("error", reject);
    upstream.end(body);
  });
  return broken ? breakAnswer(broken, req, answer) : answer;
}

const html = (answer: Proxied) => answer.body.toString("utf8");
const isPageOfType = (answer: Proxied, type: string) => html(answer).includes(`<meta name="page-type" content="${type}"`);

function breakAnswer(what: Break, req: IncomingMessage, answer: Proxied): Proxied {
  const text = (status: number, body: string, type = "text/plain") => ({
    status,
    headers: { "content-type": type },
    body: Buffer.from(body),
  });
  switch (what) {
    case "csp": {
      const { "content-security-policy": _, ...headers } = answer.headers;
      return { ...answer, headers };
    }
    case "vacancy":
      return isPageOfType(answer, "Vacancy") ? text(500, "Internal Server Error") : answer;
    case "json-ld": {
      if (!isPageOfType(answer, "Sector")) return answer;
      const truncated = html(answer).replace(/(<script type="application\/ld\+json"[^>]*>)[\s\S]*?(<\/script>)/, '$1{"@context":$2');
      return { ...answer, body: Buffer.from(truncated) };
    }
    case "robots-closed":
      // still naming the sitemap: only the Disallow is wrong
      return req.url === "/robots.txt"
        ? { ...answer, body: Buffer.from(`User-agent: *\nDisallow: /\n\nSitemap: http://${req.headers.host}/sitemap.xml\n`) }
        : answer;
    case "robots-open":
      return req.url === "/robots.txt" ? { ...answer, body: Buffer.from("User-agent: *\nAllow: /\n") } : answer;
    case "newsletter":
      return req.url === "/api/hubspot/create" ? text(500, '{"message":"kapot"}', "application/json") : answer;
  }
}

/** The smoke check with the proxy breaking `what`. */
async function smokeBroken(what: Break, options: { base?: string; connectTo?: string } = {}) {
  broken = what;
  try {
    return await runSmoke({ base: proxyBase, ...options });
  } finally {
    broken = undefined;
  }
}

describe("npm run smoke against the built site", () => {
  it("passes every check", async () => {
    const lines: string[] = [];
    const result = await runSmoke({ base, log: (line) => lines.push(line) });
    expect(result.failures).toEqual([]);
    expect(result.passed.sort()).toEqual(checkNames().sort());
    expect(result.passed).toEqual(
      expect.arrayContaining(["page:vacancy", "page:listing", "headers:csp", "robots", "newsletter", "vitals"]),
    );
    expect(lines).toContain(`ok sitemap ${base}/sitemap.xml`);
  });

  it("passes on a preview host through --connect-to, where robots.txt must close the site", async () => {
    const result = await runSmoke({ base: PREVIEW, connectTo: base });
    expect(result.failures).toEqual([]);
    expect(result.passed).toHaveLength(checkNames().length);
    // the same answers with an open robots.txt are what a preview host must not have
    const open = await smokeBroken("robots-open", { base: PREVIEW, connectTo: proxyBase });
    expect(open.failures).toEqual([
      {
        check: "robots",
        url: `${PREVIEW}/robots.txt`,
        message: "a preview host (abc123-agency-site.koraal.workers.dev) must disallow everything for User-agent: *",
      },
    ]);
  });
});

describe("a broken site fails exactly the check for what is broken", () => {
  const cases: Array<[Break, string, RegExp]> = [
    ["csp", "headers:csp", /^no Content-Security-Policy header$/],
    ["vacancy", "page:vacancy", /^no vacancy page among .*failed: \/(vacatures|en\/jobs)\/[a-z-]+: answered 500, not 200/],
    ["json-ld", "page:sector", /^JSON-LD does not parse/],
    ["robots-closed", "robots", /^disallows everything for User-agent: \* on 127\.0\.0\.1:\d+, not a preview host$/],
    ["newsletter", "newsletter", /^answered 500, not 400: \{"message":"kapot"\}$/],
  ];
  it.each(cases)("%s -> %s", async (what, check, message) => {
    const { failures, passed } = await smokeBroken(what);
    expect(failures.map((failure) => failure.check)).toEqual([check]);
    expect(failures[0]?.message).toMatch(message);
    expect(passed).toHaveLength(checkNames().length - 1);
  });
});

/** The command as a person runs it; asynchronous, so the proxy in this process keeps answering. */
function command(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "scripts/smoke.ts"), ...args], { cwd: REPO_ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the command", () => {
  it("prints each failure and the counts, and exits 1", async () => {
    broken = "robots-closed";
    try {
      const { code, stdout } = await command("--base", proxyBase);
      expect(code).toBe(1);
      expect(stdout.trimEnd().split("\n")).toEqual([
        `FAIL robots ${proxyBase}/robots.txt: disallows everything for User-agent: * on ${new URL(proxyBase).host}, not a preview host`,
        `${checkNames().length - 1} passed, 1 failed`,
      ]);
    } finally {
      broken = undefined;
    }
  });

  it("exits 2 with its usage on bad arguments", async () => {
    for (const args of [[], ["--base", "ftp://example.com"], ["--base", base, "--timeout", "soon"], ["--bsae", base]]) {
      const { code, stdout, stderr } = await command(...args);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/^smoke: .+\nusage: npm run smoke -- --base <origin>/);
    }
  });
});
