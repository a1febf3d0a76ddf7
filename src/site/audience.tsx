import type { Blok } from "../shared/content";
import { editorAttributes, noEditorAttributes, useEditable } from "./editable";
import { hydratedIsland, inlineIsland } from "./islands/island";
import { useSite, type Audience } from "./site-context";

/** A visitor's page: no editor attributes, nothing for a block the site does not know, islands the visitor bundle hydrates. */
export const visitorAudience: Audience = { editable: noEditorAttributes, Unsupported: () => null, island: hydratedIsland };

/**
 * An editor's preview of the story `editing` (unset: every draft blok is the editor's): its bloks
 * carry editor attributes, a block the site does not know is a note, islands are plain markup.
 */
export function editorAudience(editing?: number): Audience {
  return { editable: editorAttributes(editing), Unsupported: UnsupportedBlock, island: inlineIsland };
}

/**
 * A block the site does not know, in the editor: a note naming it, so it does not silently vanish
 * from the page being edited (its editor attributes let the editor select it, to remove it or
 * change its type).
 */
function UnsupportedBlock({ blok }: { blok: Blok }) {
  const { t } = useSite();
  const editable = useEditable(blok);
  return (
    <div {...editable} role="note" className="site-container py-6">
      <p className="m-0 rounded-3xl border-2 border-solid border-koraal-400 bg-koraal-50 p-6 font-semibold text-koraal-800">
        {t.preview.unsupportedBlock(blok.component)}
      </p>
    </div>
  );
}
