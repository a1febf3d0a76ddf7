/** The API's page size when a request names none. */
export const DEFAULT_PER_PAGE = 25;

export function list(params: URLSearchParams, name: string): string[] | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** per_page above the maximum is capped, not refused, as the API does. */
export function readPagination(params: URLSearchParams, maxPerPage: number): { page: number; perPage: number } {
  const perPage = Math.min(maxPerPage, positiveInt(params.get("per_page")) ?? DEFAULT_PER_PAGE);
  return { page: positiveInt(params.get("page")) ?? 1, perPage };
}

export function positiveInt(value: string | null): number | undefined {
  const parsed = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : undefined;
}

export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

export function paginationHeaders(total: number, perPage: number): Record<string, string> {
  return { total: String(total), "per-page": String(perPage) };
}

// one walk for the emulator and the content layer (which splits answers by the same rules)
export { isRecord, walk } from "../../content/references";

/** Missing values sort last ascending and first descending, like the database behind the API. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
