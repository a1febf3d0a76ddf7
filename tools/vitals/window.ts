// The report's time window: `--since 30m`, `24h`, `7d` (default 7d): the last minutes, hours or days.

export interface Window {
  amount: number;
  /** The unit as Analytics Engine's SQL writes it (`INTERVAL '7' DAY`). */
  sqlUnit: "MINUTE" | "HOUR" | "DAY";
  ms: number;
  label: string;
}

const UNITS = { m: ["MINUTE", 60_000], h: ["HOUR", 3_600_000], d: ["DAY", 86_400_000] } as const;

export function parseWindow(since: string): Window {
  const match = /^(\d{1,4})([mhd])$/.exec(since.trim());
  if (!match) throw new Error(`--since must be a number of minutes, hours or days such as 30m, 24h or 7d (got "${since}")`);
  const amount = Number(match[1]);
  if (amount < 1) throw new Error("--since must be at least 1");
  const [sqlUnit, unitMs] = UNITS[match[2] as keyof typeof UNITS];
  return { amount, sqlUnit, ms: amount * unitMs, label: `last ${since.trim()}` };
}
