/**
 * The dictionaries by language. Server code (and the editors' preview bundle) only: importing this
 * module pulls in every language. Islands take their texts as props (see `islandTexts`).
 */
import { en } from "./en";
import type { Lang } from "./lang";
import { nl, type Dictionary } from "./nl";

export type { Dictionary } from "./nl";
export * from "./lang";

const DICTIONARIES: Record<Lang, Dictionary> = { nl, en };

export function dictionary(lang: Lang): Dictionary {
  return DICTIONARIES[lang];
}
