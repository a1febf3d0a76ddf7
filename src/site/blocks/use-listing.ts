import { use } from "react";
import { useSite } from "../site-context";
import type { Listing } from "../../shared/listings/listings";
import type { Blok } from "./types";

const EMPTY: Promise<Listing> = Promise.resolve({ stories: [], total: 0, perPage: 25, page: 1 });

/** The stories the route loaded for this listing block; suspends until they arrive. */
export function useListing(blok: Blok): Listing {
  return use(useSite().listings.get(blok._uid) ?? EMPTY);
}
