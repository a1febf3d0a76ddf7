// `npm run cloudflare:local`: the Cloudflare API stand-in on this machine, for wrangler without an account.
import { main } from "../tests/stand-ins/cloudflare-api/local.ts";

process.exitCode = await main();
