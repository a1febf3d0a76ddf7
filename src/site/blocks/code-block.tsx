import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type CodeBlockBlok = BlokOf<"CodeBlock">;

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  css: "CSS",
  dart: "Dart",
  diff: "Diff",
  graphql: "GraphQL",
  html: "HTML",
  java: "Java",
  javascript: "JavaScript",
  js: "JavaScript",
  json: "JSON",
  jsx: "JSX",
  kotlin: "Kotlin",
  kt: "Kotlin",
  php: "PHP",
  python: "Python",
  py: "Python",
  sh: "Shell",
  shell: "Shell",
  sql: "SQL",
  swift: "Swift",
  toml: "TOML",
  ts: "TypeScript",
  tsx: "TSX",
  typescript: "TypeScript",
  yaml: "YAML",
  yml: "YAML",
};

/**
 * A code sample: plain, server-rendered text (no highlighting script), scrollable sideways and
 * reachable by keyboard so the overflow can be read without a mouse.
 */
export function CodeBlock({ blok }: BlockProps<CodeBlockBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  const code = typeof blok.code === "string" ? blok.code.replace(/^\n+|\s+$/g, "") : "";
  if (!code) return null;
  const language = languageSlug(blok.language);
  const languageName = language
    ? Object.hasOwn(LANGUAGE_NAMES, language)
      ? LANGUAGE_NAMES[language]
      : language.charAt(0).toUpperCase() + language.slice(1)
    : undefined;
  const label = t.code.label(languageName, blok.filename || undefined);
  const captionId = blok.caption ? `code-${blok._uid}-caption` : undefined;
  return (
    <div {...editable} className="site-container py-6">
      <figure className="m-0 overflow-hidden rounded-2xl bg-ink text-white shadow-[0_20px_50px_-24px_rgba(22,22,42,0.6)]">
        {blok.filename || languageName ? (
          <div className="flex items-center justify-between gap-4 border-b border-b-solid border-white/10 px-5 py-3 text-sm">
            <span className="flex items-center gap-3">
              <span aria-hidden="true" className="flex gap-1.5">
                <span className="h-2.5 w-2.5 rounded-full bg-koraal-400" />
                <span className="h-2.5 w-2.5 rounded-full bg-white/25" />
                <span className="h-2.5 w-2.5 rounded-full bg-white/25" />
              </span>
              {blok.filename ? <span className="font-mono text-white/85">{blok.filename}</span> : null}
            </span>
            {languageName ? <span className="font-semibold uppercase tracking-widest text-koraal-300">{languageName}</span> : null}
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: the region is the pre itself: wrapping it in a section would leave the focusable element unnamed */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must take keyboard focus to be scrolled by keyboard (WCAG 2.1.1)
          tabIndex={0}
          // a focusable scroll area needs a name, and a name needs a role (pre has none of its own)
          role="region"
          aria-label={label}
          aria-describedby={captionId}
          className="m-0 overflow-x-auto p-5 font-mono text-sm leading-relaxed outline-none focus-visible:ring-3 focus-visible:ring-inset focus-visible:ring-koraal-400 md:p-6"
        >
          <code className={language ? `language-${language}` : undefined}>{code}</code>
        </pre>
        {blok.caption ? (
          <figcaption id={captionId} className="border-t border-t-solid border-white/10 bg-white/5 px-5 py-3 text-sm text-white/75">
            {blok.caption}
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}

/** Only a plain language name may reach the class attribute ("TypeScript" -> "typescript"). */
function languageSlug(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const slug = value
    .trim()
    .toLowerCase()
    .replace(/^language-/, "");
  return /^[a-z0-9][a-z0-9+#_-]{0,30}$/.test(slug) ? slug : undefined;
}
