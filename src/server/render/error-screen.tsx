import { homePath } from "../../shared/i18n/lang";
import { useT } from "../../site/site-context";

/**
 * The error screen: status code, the 404's own message (a 410's: the closed vacancy's, from the
 * dictionary) or a generic one, and a way back, in the page's language.
 */
export function ErrorScreen({ status, message }: { status: number; message?: string }) {
  const { lang, t } = useT();
  const text = (status === 404 || status === 410) && message ? message : t.error.generic;
  return (
    <section className="site-container flex flex-1 flex-col items-start justify-center gap-6 py-24" aria-labelledby="error-title">
      <p className="font-display text-8xl font-bold leading-none text-koraal-500 sm:text-9xl" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="m-0 font-display text-3xl font-bold sm:text-4xl">
        <span className="sr-only">{status}: </span>
        {text}
      </h1>
      <nav aria-label={t.error.next} className="flex flex-wrap gap-4">
        <a href={homePath(lang)} className="btn-primary">
          {t.error.home}
        </a>
        <a href={t.paths.contact} className="btn-secondary">
          {t.error.contact}
        </a>
        {status === 410 ? (
          <a href={t.paths.vacancies} className="btn-secondary">
            {t.error.vacancies}
          </a>
        ) : null}
      </nav>
    </section>
  );
}
