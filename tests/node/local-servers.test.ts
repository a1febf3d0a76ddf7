// The browser tests' local sites start at once (playwright.config.ts). Left to itself each wrangler
// dev takes the first free inspector port from 9229, so two of three picked the same one and failed
// with "Address already in use (socket direct:1:default)", and the whole browser run with them.
import { describe, expect, it } from "vitest";
import config from "../../playwright.config.ts";

const commands = [config.webServer ?? []].flat().map((server) => server.command);
const flag = (command: string, name: string) => Number(new RegExp(`--${name} (\\d+)`).exec(command)?.[1]);

describe("the browser tests' local sites", () => {
  it("each name a port and an inspector port of their own, so starting at once none takes another's", () => {
    expect(commands.length).toBeGreaterThan(1);
    const ports = commands.flatMap((command) => [flag(command, "port"), flag(command, "inspector-port")]);
    for (const port of ports) expect(port).toBeGreaterThan(0);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
