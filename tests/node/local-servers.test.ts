// The browser tests' local sites (playwright.config.ts) start at once, each with
// tools/local/serve.ts. A `wrangler dev` left to itself took the first free DevTools inspector port
// from 9229, so two of three picked the same one and failed with "Address already in use (socket
// direct:1:default)", and the whole browser run with them: the servers open no inspector.
import { describe, expect, it } from "vitest";
import config from "../../playwright.config.ts";
import { parseServeArgs } from "../../tools/local/serve.ts";

const commands = [config.webServer ?? []].flat().map((server) => server.command);
/** What each command hands tools/local/serve.ts. */
const served = commands.map((command) => {
  const args = /node tools\/local\/serve\.ts (.*)$/.exec(command)?.[1];
  if (!args) throw new Error(`not started with tools/local/serve.ts: ${command}`);
  return parseServeArgs(args.split(" ").filter(Boolean));
});

describe("the browser tests' local sites", () => {
  it("each name a port of their own and open no inspector, so starting at once none takes another's", () => {
    expect(served.length).toBe(3);
    const ports = served.map(({ port }) => port);
    expect(new Set(ports).size).toBe(ports.length);
    for (const { inspectorPort } of served) expect(inspectorPort).toBeUndefined();
  });
});

describe("node tools/local/serve.ts", () => {
  it("reads the port, the state folder, the vars and another entry", () => {
    expect(
      parseServeArgs(["--port", "8799", "--persist-to", ".wrangler/e2e-state", "--var", "GTM_ID:GTM-TEST123", "--var", "A:b:c"]),
    ).toEqual({ port: 8799, persist: ".wrangler/e2e-state", vars: { GTM_ID: "GTM-TEST123", A: "b:c" } });
    expect(parseServeArgs(["--port", "8795", "tests/e2e/late-content-worker.ts", "--persist-to", "x"])).toEqual({
      port: 8795,
      persist: "x",
      vars: {},
      entry: "tests/e2e/late-content-worker.ts",
    });
  });

  it("names what is wrong", () => {
    expect(() => parseServeArgs(["--persist-to", "x"])).toThrow("--port takes a port number");
    expect(() => parseServeArgs(["--port", "80a", "--persist-to", "x"])).toThrow("--port takes a port number");
    expect(() => parseServeArgs(["--port", "8799"])).toThrow("--persist-to takes a folder");
    expect(() => parseServeArgs(["--port", "8799", "--persist-to", "x", "--var", "NOVALUE"])).toThrow(
      "--var takes NAME:VALUE, not NOVALUE",
    );
    expect(() => parseServeArgs(["--port", "8799", "--persist-to", "x", "--watch"])).toThrow("unknown option --watch");
  });
});
