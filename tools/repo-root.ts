import { fileURLToPath } from "node:url";

/** The checkout's root folder (no trailing slash): every tool resolves the project's files from here, wherever the tool lives. */
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");
