// `npm run mapi:local`: the Storyblok Management API stand-in on this machine, for `npm run space:push`.
import { main } from "../tests/stand-ins/storyblok-mapi/local.ts";

process.exitCode = await main();
