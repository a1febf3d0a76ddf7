import { useEffect, useState } from "react";

/**
 * False on the server and in the render that hydrates, true right after: the markup first works
 * on its own (popovers, details, a form the browser validates) and the JavaScript behaviour is
 * switched on once it can run.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}
