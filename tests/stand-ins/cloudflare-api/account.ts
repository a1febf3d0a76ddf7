/**
 * The account behind the stand-in: its JSON state, one real SQLite database per D1 database
 * (node:sqlite), and the short-lived static-assets upload tokens. With a state file the state is
 * written after every change and each D1 database lives in a file beside it, so a second
 * stand-in started on the same file carries on where the first stopped.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { type AccountState, createAccount, loadState, saveState } from "./state.ts";

export interface AssetsToken {
  kind: "upload" | "completion";
  script: string;
  /** upload: the manifest's hashes; completion: what the version will serve */
  hashes: string[];
  exp: number;
}

export class Account {
  readonly state: AccountState;
  readonly token: string;
  private readonly stateFile: string | undefined;
  private readonly databases = new Map<string, DatabaseSync>();
  private readonly secret = randomBytes(32);

  constructor(options: { accountId: string; token: string; stateFile?: string; subdomain: string | null }) {
    this.token = options.token;
    this.stateFile = options.stateFile;
    const loaded = options.stateFile ? loadState(options.stateFile) : undefined;
    this.state = loaded && loaded.accountId === options.accountId ? loaded : createAccount(options.accountId, options.subdomain);
  }

  /** Called after every change a handler makes. */
  changed(): void {
    if (this.stateFile) saveState(this.stateFile, this.state);
  }

  database(uuid: string): DatabaseSync {
    let db = this.databases.get(uuid);
    if (!db) {
      const dir = this.stateFile ? `${this.stateFile}.d1` : undefined;
      if (dir) mkdirSync(dir, { recursive: true });
      db = new DatabaseSync(dir ? `${dir}/${uuid}.sqlite` : ":memory:");
      this.databases.set(uuid, db);
    }
    return db;
  }

  close(): void {
    for (const db of this.databases.values()) db.close();
    this.databases.clear();
  }

  /**
   * A JWT (HS256) as the assets API hands out: wrangler decodes its payload for `exp` (and for
   * upload-mode hints), so it must be a real JWT; the signature keeps a forged one out.
   */
  signAssetsToken(token: Omit<AssetsToken, "exp">): string {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ ...token, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
    return `${body}.${createHmac("sha256", this.secret).update(body).digest("base64url")}`;
  }

  readAssetsToken(jwt: string): AssetsToken | undefined {
    const [header, payload, signature] = jwt.split(".");
    if (!header || !payload || !signature) return undefined;
    const expected = createHmac("sha256", this.secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const token = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as AssetsToken;
    return token.exp * 1000 > Date.now() ? token : undefined;
  }
}
