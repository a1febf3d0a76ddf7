// `npm run space:push [-- --dry-run]`: sets up a Storyblok space from content-model/ and content/ (tools/space/).
import { main } from "../tools/space/space-push.ts";

process.exitCode = await main(process.argv.slice(2));
