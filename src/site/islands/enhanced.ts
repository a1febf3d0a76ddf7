import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in the render that hydrates, true right after: the markup first works
 * on its own (popovers, details, a form the browser validates) and the JavaScript behaviour is
 * switched on once it can run. The switch is a transition: the render it causes is sliced like the
 * hydration before it (client/main.tsx), not one task on the page's first view.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => startTransition(() => setEnhanced(true)), []);
  return enhanced;
}
