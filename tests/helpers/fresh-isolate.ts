// Vitest setup of the workers project: every test file starts with the D1 schema in place.
import { migrateD1 } from "./d1";

await migrateD1();
