// `npm run content:pull`: snapshots a real Storyblok space into content/ (tools/space/).
import { main } from "../tools/space/content-pull.ts";

process.exitCode = await main();
