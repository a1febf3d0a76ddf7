/**
 * Structured JSON logs, one line per event, each carrying the request id. Never pass secrets or
 * email addresses in clear: callers hash or redact first.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  with(fields: Record<string, unknown>): Logger;
}

export type LogSink = (level: LogLevel, line: string) => void;

const consoleSink: LogSink = (level, line) => {
  (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(line);
};

export interface LoggerOptions {
  level?: LogLevel;
  base?: Record<string, unknown>;
  sink?: LogSink;
  /** Told the level of every line written (by this logger and those made from it with `with`). */
  onEmit?: (level: LogLevel) => void;
}

/** The more severe of two levels (`undefined`: nothing logged yet). */
export const worseLevel = (a: LogLevel | undefined, b: LogLevel): LogLevel => (a !== undefined && ORDER[a] >= ORDER[b] ? a : b);

export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = "info", base = {}, sink = consoleSink, onEmit } = options;
  const emit = (at: LogLevel, event: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    onEmit?.(at);
    sink(at, JSON.stringify({ level: at, event, ...base, ...serialise(fields) }));
  };
  return {
    debug: (e, f) => emit("debug", e, f),
    info: (e, f) => emit("info", e, f),
    warn: (e, f) => emit("warn", e, f),
    error: (e, f) => emit("error", e, f),
    with: (fields) => createLogger({ level, base: { ...base, ...fields }, sink, onEmit }),
  };
}

function serialise(fields?: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!fields) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}
