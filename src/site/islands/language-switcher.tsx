import { LANG_NAMES } from "../../shared/i18n/lang";
import type { LanguageSwitch } from "./nav-model";

/**
 * The language switcher: the page's language, shown (and already said by `<html lang>`, so hidden
 * from assistive technology), then a plain link per other language to the same page there, or to
 * that language's home. Each link is named in the page's language ("Taal: English"), shows the
 * other language's own name, and says its language (`hreflang`, `lang`). Plain links: works without
 * JavaScript, and this island file imports no dictionary (its texts are props).
 */
export function LanguageSwitcher({ languages, className = "" }: { languages: LanguageSwitch; className?: string }) {
  const { current, label, alternates } = languages;
  if (!alternates.length) return null;
  return (
    <div className={`lang-switcher items-center gap-1 text-sm font-semibold ${className}`}>
      <span aria-hidden="true" className="rounded-full bg-ink px-2.5 py-1 text-white">
        {current.toUpperCase()}
      </span>
      {alternates.map((alternate) => (
        <a
          key={alternate.lang}
          href={alternate.href}
          hrefLang={alternate.lang}
          lang={alternate.lang}
          className="kbd-focus rounded-full px-2.5 py-1 text-ink underline decoration-koraal decoration-2 underline-offset-3 hover:bg-sand"
        >
          <span lang={current} className="sr-only">
            {`${label}: `}
          </span>
          {LANG_NAMES[alternate.lang]}
        </a>
      ))}
    </div>
  );
}
