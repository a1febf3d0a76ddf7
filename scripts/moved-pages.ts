// `npm run moved-pages -- [--remote | --persist-to DIR] [--json] [--remove PATH]`: the learned redirects (tools/operate/).
import { main } from "../tools/operate/moved-pages.ts";

process.exitCode = main(process.argv.slice(2));
