import type { Blok, Story } from "../../src/shared/content";

/**
 * A blok as a story stores it: any fields, their values unchecked. Tests read stored content
 * (snapshots, emulator answers) and render bloks the model would refuse (a missing image, a
 * number for a text) to prove the blocks read defensively. The site's own blok types are
 * derived from the content model (`BlokOf` in src/site/blocks/types.ts) and carry no index
 * signature.
 */
export type StoredBlok = Blok & { [field: string]: unknown };

/** A story whose content is read as stored (`StoredBlok`). */
export type StoredStory = Story<StoredBlok>;
