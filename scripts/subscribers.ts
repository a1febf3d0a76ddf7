// `npm run subscribers -- [--remote | --persist-to DIR] [--status NAME] [--json] | --export <email> | --erase <email>`: the newsletter outbox (tools/operate/).
import { main } from "../tools/operate/subscribers.ts";

process.exitCode = await main(process.argv.slice(2));
