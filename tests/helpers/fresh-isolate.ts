// Setup of the workerd project (tests/unit and tests/integration), run before each test file. The
// project runs its files one after another in the same workerd (`isolate: false`: a workerd started per file cost more than the
// tests), so each file is given what a workerd of its own gave it: empty storage (KV, D1, Durable
// Objects) and the D1 schema in place. The module graph is shared: the Worker keeps its per-isolate
// state (memos, the rate limit, warnings said once) in the app `createApp` builds, and the tests build
// their own (tests/helpers/site.ts); the files that call `exports.default.fetch` share its one app as
// requests to one isolate do. A fresh module graph per file cost ~17 s of CPU in this project; files
// in shuffled orders (`--sequence.shuffle.files`) pass without it.
import { reset } from "cloudflare:test";
import { migrateD1 } from "./d1";

await reset();
await migrateD1();
