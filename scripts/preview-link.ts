// `npm run preview:link -- /path`: a visual-editor preview link for a page (tools/space/).
import { main } from "../tools/space/preview-link.ts";

process.exitCode = await main(process.argv.slice(2));
