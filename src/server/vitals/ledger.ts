import { DurableObject } from "cloudflare:workers";

/**
 * What makes field data reflect visitors (issue 53): each page-view token is spent once, and one
 * network sends at most DAILY_SHARE beacons per page type and day, so no single sender can move a
 * page type's p75 however many views it fetches. One Durable Object per shard of networks (the
 * token is bound to its network, so a token's replay always comes to the same shard); it holds a
 * keyed hash of the network and the token ids, for a day at most, never an address.
 */
/**
 * Views of one page type one network counts for in a day. Five: one sender can then move a page
 * type's p75 only while fewer than 15 other networks' views of it came that day (5 of 20 is the
 * top quarter); an office reading a sixth case study the same day is measured five times, not thirty.
 */
export const DAILY_SHARE = 5;
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
