/** Types of scripts/subscribers.mjs, for the tests that import it. */
export interface SubscribersOptions {
  remote: boolean;
  json: boolean;
  persistTo?: string;
  status?: "pending" | "sending" | "delivered" | "failed" | "stored";
  help?: boolean;
}

export declare function parseArgs(argv: string[]): SubscribersOptions;
export declare function query(status?: string): string;
export declare function wranglerArgs(options: SubscribersOptions): string[];
export declare function table(rows: Array<Record<string, unknown>>): string;
