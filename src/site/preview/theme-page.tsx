import { useSite } from "../site-context";

/**
 * The theme story in the visual editor: header and footer are the page's own shell; between them
 * the customers store, each customer as its card, so the editor can click and edit every one.
 */
export function ThemePage() {
  const { customers, t, Block } = useSite();
  return (
    <>
      <header className="bg-sand">
        <div className="site-container flex flex-col items-start gap-3 pb-10 pt-12 md:pt-16">
          <p className="eyebrow m-0">{t.preview.theme}</p>
          <h1 className="m-0 font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl">{t.preview.themeTitle}</h1>
          <p className="m-0 max-w-2xl text-lg text-ink-soft">{t.preview.themeIntro(customers.length)}</p>
        </div>
      </header>
      {customers.length ? (
        <section aria-label={t.preview.customers} className="flex flex-col">
          {customers.map((customer, index) => (
            <Block key={customer._uid || index} blok={customer} />
          ))}
        </section>
      ) : (
        <p className="site-container py-12 text-lg text-ink-soft">{t.preview.noCustomers}</p>
      )}
    </>
  );
}
