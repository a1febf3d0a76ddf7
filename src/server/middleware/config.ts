import { createMiddleware } from "hono/factory";
import { createLogger, worseLevel, type LogLevel, type LogSink } from "../../shared/log";
import { readConfig, type AppEnv, type Config } from "../env";
import type { AppBindings } from "../request-context";

/**
 * Validates the settings once per isolate (again only if the bindings object changes) and gives
 * the request its logger at the configured level, and a way to ask the worst level it has logged. Settings that are almost certainly mistakes
 * are logged once, when they are first read.
 */
export function config(logSink?: LogSink) {
  let memo: { env: AppEnv; value: Config } | undefined;
  return createMiddleware<AppBindings>(async (c, next) => {
    const base = { requestId: c.get("requestId") };
    const fresh = memo?.env !== c.env;
    if (fresh) {
      try {
        memo = { env: c.env, value: readConfig(c.env) };
      } catch (error) {
        // without a configuration there is no request logger yet: still say what is wrong
        createLogger({ base, sink: logSink }).error("config.invalid", { error });
        throw error;
      }
    }
    const settings = memo!.value;
    // the request line (middleware/logging.ts) is written whenever the request logged a warning or an error
    let worst: LogLevel | undefined;
    const logger = createLogger({
      level: settings.logLevel,
      base,
      sink: logSink,
      onEmit: (at) => {
        worst = worseLevel(worst, at);
      },
    });
    c.set("worstLogged", () => worst);
    if (fresh) for (const notice of settings.notices) logger.error("config.notice", { message: notice });
    c.set("config", settings);
    c.set("logger", logger);
    await next();
  });
}
