// `npm run subscribers -- [--remote | --persist-to DIR] [--status NAME] [--json]`: the newsletter outbox (tools/operate/).
import { main } from "../tools/operate/subscribers.ts";

process.exitCode = main(process.argv.slice(2));
