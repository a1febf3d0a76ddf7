// Setup of the integration project, run before each test file. The project runs its files one after
// another in the same workerd (`isolate: false`: a workerd started per file cost more than the
// tests), so each file is given what a workerd of its own gave it: a fresh module graph (the
// Worker's per-isolate state, such as the memos and the once-per-isolate warnings, starts anew),
// empty storage (KV, D1, Durable Objects) and the D1 schema in place.
import { reset } from "cloudflare:test";
import { vi } from "vitest";
import { migrateD1 } from "./d1";

vi.resetModules();
await reset();
await migrateD1();
