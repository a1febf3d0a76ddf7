// What the deploy tools stop with: a message for the person who ran them, no stack.

/** A deploy, rollback or check that cannot go on; the message says why and what still serves. */
export class DeployError extends Error {
  override name = "DeployError";
}

/** The command's words are off: exit 2, with the usage. */
export class UsageError extends DeployError {
  override name = "UsageError";
}
