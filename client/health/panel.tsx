/**
 * The content-health panel of the editors' preview: the open story's findings (the content rules
 * of src/shared/content-health/), updated on every live edit. A fixed box at the bottom or the top
 * of the viewport (where the block a finding points to is not: clear-view.ts), in a root of its own
 * outside the page (the page under it keeps its layout and its hydration); each finding is a button
 * that asks the visual editor to open its blok, named by the labels the editor's form shows. The
 * summary is a polite live region; Escape folds the list away; a skip link at the start of the page
 * leads to it (index.tsx).
 */
import { useEffect, useId, useRef } from "react";
import type { Finding } from "../../src/shared/content-health";
import { countFindings } from "../../src/shared/content-health";
import { fieldPlace, type ModelLabels } from "../../src/shared/content-health/model-labels";
import type { Lang } from "../../src/shared/i18n/lang";
import type { Dictionary } from "../../src/shared/i18n/nl";
import type { Edge } from "./clear-view";

/** The panel's root element's marker attribute. */
export const HEALTH_PANEL_ATTRIBUTE = "data-content-health";
/** The panel's own id: the skip link's target. */
export const HEALTH_PANEL_ID = "content-health";

const BOX = {
  position: "fixed",
  left: "12px",
  zIndex: 2147483000,
  width: "min(26rem, calc(100vw - 24px))",
  // a phone keeps most of its screen for the page
  maxHeight: "min(35vh, 32rem)",
  display: "flex",
  flexDirection: "column",
  boxSizing: "border-box",
  background: "#fff",
  color: "#1f2430",
  border: "2px solid #1f2430",
  borderRadius: "12px",
  boxShadow: "0 8px 24px rgb(0 0 0 / 0.18)",
  font: "14px/1.4 system-ui, sans-serif",
} as const;
const HEAD = { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "4px 8px", padding: "8px 12px" } as const;
const LIST = { listStyle: "none", margin: 0, padding: "0 8px 8px", overflowY: "auto" } as const;
const ITEM = {
  display: "block",
  width: "100%",
  textAlign: "left",
  margin: "4px 0 0",
  padding: "8px",
  border: "1px solid #c9ccd3",
  borderRadius: "8px",
  background: "#f6f7f9",
  color: "inherit",
  font: "inherit",
  cursor: "pointer",
} as const;
const TAG = { error: { color: "#a4161a", fontWeight: 700 }, warning: { color: "#7a4a00", fontWeight: 700 } } as const;
const PLAIN_BUTTON = {
  marginLeft: "auto",
  font: "inherit",
  padding: "2px 8px",
  borderRadius: "6px",
  border: "1px solid #1f2430",
  background: "#fff",
  color: "inherit",
  cursor: "pointer",
} as const;

export interface HealthPanelProps {
  findings: readonly Finding[];
  lang: Lang;
  t: Dictionary["preview"]["health"];
  labels: ModelLabels;
  /** Where the panel sits. */
  edge: Edge;
  /** Whether the list of findings shows. */
  open: boolean;
  setOpen: (open: boolean) => void;
  onOpen: (finding: Finding) => void;
}

export function HealthPanel({ findings, lang, t, labels, edge, open, setOpen, onOpen }: HealthPanelProps) {
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const counts = countFindings(findings);
  useEffect(() => {
    if (!open || !findings.length) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, findings.length, setOpen]);
  return (
    <aside id={HEALTH_PANEL_ID} aria-label={t.title} tabIndex={-1} style={{ ...BOX, [edge]: "12px" }}>
      <div style={HEAD}>
        <strong>{t.title}</strong>
        <span role="status">{findings.length ? t.summary(counts.error, counts.warning) : t.none}</span>
        {findings.length ? (
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-keyshortcuts={open ? "Escape" : undefined}
            onClick={() => setOpen(!open)}
            style={PLAIN_BUTTON}
          >
            {open ? t.hide : t.show}
          </button>
        ) : null}
      </div>
      {findings.length && open ? (
        <ul id={listId} style={LIST}>
          {findings.map((finding) => (
            <li key={`${finding.rule}@${finding.uid}.${finding.field}`}>
              <button type="button" style={ITEM} title={t.open} onClick={() => onOpen(finding)} data-finding={finding.rule}>
                <span style={TAG[finding.severity]}>{finding.severity === "error" ? t.error : t.warning}: </span>
                {finding.message[lang]}
                <span style={{ display: "block", color: "#5b6170", fontSize: "12px" }}>
                  {fieldPlace(labels, finding.component, finding.field)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
