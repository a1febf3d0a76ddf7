import type { Thing } from "schema-dts";

/**
 * A node of the page's graph: a schema.org type as schema-dts describes it (its properties checked
 * at compile time), with the `@id` every node here has. References to other nodes are `ref`s.
 */
export type Node<T extends Thing> = Exclude<T, string> & { "@id": string };

/** A reference to another node of the same graph. */
export const ref = (id: string): { "@id": string } => ({ "@id": id });
