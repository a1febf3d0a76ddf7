import { DurableObject } from "cloudflare:workers";

/**
 * What makes field data reflect visitors (issue 53): each page-view token is spent once, and one
 * network counts for at most DAILY_SHARE views per page type and day, so no single sender moves a
 * page type's p75 further than one visitor does, however many views it fetches. One Durable Object
 * per shard of networks (the token is bound to its network, so a token's replay always comes to the
 * same shard); it holds a keyed hash of the network and the token ids, for a day at most, never an address.
 */
/**
 * Views of one page type one network counts for in a day: one. Every sample above the p75 moves it
 * (the p75 is the ceil(0.75 n)-th value: a second sample from one network moves it one rank more,
 * whatever other visitors came), so any share above one lets a single sender move the figure by
 * repetition alone; its first view is a visitor's like any other and cannot be told apart. The
 * price: an office or a carrier's network (an IPv4 address, an IPv6 /48) reading a second vacancy
 * the same day is measured once, not twice; its beacon is answered 202 and counted as "over-share"
 * among the refusals `npm run vitals` shows, so the operator sees how many views this leaves out.
 */
export const DAILY_SHARE = 1;
export const LEDGER_SHARDS = 16;
const DAY_MS = 86_400_000;

export type Admission = "admitted" | "replayed" | "over-share";

export interface AdmitRequest {
  network: string;
  pageType: string;
  tokenId: string;
  expiresAt: number;
  now: number;
}

/** The shard of a network key (hex): its first character. */
export const ledgerShard = (network: string) => `shard-${Number.parseInt(network.slice(0, 1) || "0", 16) % LEDGER_SHARDS}`;

export class VitalsLedger extends DurableObject {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS spent (id TEXT PRIMARY KEY, expires INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS shares (network TEXT NOT NULL, page_type TEXT NOT NULL, day INTEGER NOT NULL, n INTEGER NOT NULL,
         PRIMARY KEY (network, page_type, day));`,
    );
  }

  admit({ network, pageType, tokenId, expiresAt, now }: AdmitRequest): Admission {
    const sql = this.ctx.storage.sql;
    const day = Math.floor(now / DAY_MS);
    sql.exec("DELETE FROM spent WHERE expires < ?", now);
    sql.exec("DELETE FROM shares WHERE day < ?", day);
    const used = sql.exec("SELECT 1 FROM spent WHERE id = ?", tokenId).toArray();
    if (used.length) return "replayed";
    sql.exec("INSERT INTO spent (id, expires) VALUES (?, ?)", tokenId, expiresAt);
    const [row] = sql
      .exec<{ n: number }>("SELECT n FROM shares WHERE network = ? AND page_type = ? AND day = ?", network, pageType, day)
      .toArray();
    if ((row?.n ?? 0) >= DAILY_SHARE) return "over-share";
    sql.exec(
      "INSERT INTO shares (network, page_type, day, n) VALUES (?, ?, ?, 1) ON CONFLICT (network, page_type, day) DO UPDATE SET n = n + 1",
      network,
      pageType,
      day,
    );
    return "admitted";
  }
}
