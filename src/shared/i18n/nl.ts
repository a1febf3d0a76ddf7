/**
 * Everything the site itself says, in Dutch: the spec's exact texts. Content (titles, menus,
 * bodies) comes from Storyblok; these are the interface's own words around it. The English
 * dictionary has this type (`Dictionary`), so a key missing there fails the type check.
 *
 * Only the server (and the editors' preview bundle) imports a dictionary: islands get the few
 * texts they need as props, so no visitor downloads a language they are not reading.
 */
export const nl = {
  document: {
    skipToContent: "Naar de inhoud",
  },
  /** Links of the site's own texts (back links, empty states): this language's pages. */
  paths: {
    contact: "/contact",
    cases: "/cases",
    insights: "/insights",
    sectors: "/sectoren",
    vacancies: "/vacatures",
  },
  menu: {
    main: "Hoofdmenu",
    mobile: "Mobiel menu",
    open: "Open navigatiemenu",
    close: "Sluit navigatiemenu",
    back: "Terug",
    /** The sub list's link to the item's own page when the CMS names none. */
    overview: "Alles bekijken",
    social: "Social",
    contact: "Contact",
  },
  switcher: {
    /** Before the other language's name: "Taal: English". */
    label: "Taal",
  },
  newsletter: {
    title: "Nieuwsbrief",
    intro: "Eens per maand het beste uit onze projecten en insights. Geen spam, wel inspiratie.",
    emailLabel: "E-mailadres",
    placeholder: "naam@bedrijf.nl",
    submit: "Inschrijven",
    busy: "Bezig…",
    honeypot: "Laat dit veld leeg",
    subscribed: "Woehoe, je bent geabonneerd!",
    invalidEmail: "Vul een geldig e-mailadres in",
    badRequest: "Ongeldig verzoek: stuur een JSON-object met je e-mailadres.",
    methodNotAllowed: "Deze methode is hier niet toegestaan.",
    tooLarge: "Het verzoek is te groot.",
    unsupportedType: "Stuur je aanmelding als JSON (Content-Type: application/json).",
    unsupportedFormType: "Stuur het formulier als application/x-www-form-urlencoded of multipart/form-data.",
    crossSite: "Aanmelden kan alleen via deze website.",
    unavailable: "Inschrijven lukte niet. Probeer het later opnieuw.",
    /** Turnstile's Siteverify refused the form's token (expired, used twice, forged). */
    challengeFailed: "De controle tegen spam is mislukt. Laad de pagina opnieuw en probeer het nog eens.",
    /** The footer has no consent text in this language: nobody can be signed up without it. */
    /** A signup while HubSpot's double opt-in is on (HUBSPOT_DOUBLE_OPT_IN): the subscription starts once confirmed. */
    checkInbox: "Bijna klaar! Kijk in je inbox en bevestig je inschrijving met de link in onze e-mail.",
    /** Too many signups from one visitor: the wait in seconds, from a minute and a half on in minutes. */
    tooMany: (seconds: number) => {
      const wait = seconds > 90 ? Math.ceil(seconds / 60) : seconds;
      const unit = seconds > 90 ? "minuten" : wait === 1 ? "seconde" : "seconden";
      return `Te veel aanmeldingen achter elkaar. Probeer het over ${wait} ${unit} opnieuw.`;
    },
  },
  footer: {
    socials: "Koraal op sociale media",
  },
  error: {
    notFoundTitle: "Pagina niet gevonden",
    errorTitle: "Er ging iets mis",
    /** 410: a vacancy past its closing date. */
    goneTitle: "Vacature gesloten",
    gone: "Deze vacature is gesloten. Bekijk onze andere vacatures.",
    /** The spec's words for every error but a 404 with its own message. */
    generic: "Something went wrong",
    next: "Verder naar",
    home: "Home",
    contact: "Contact",
    vacancies: "Alle vacatures",
  },
  common: {
    loading: "Laden…",
    newTab: "(opent in een nieuw tabblad)",
    breadcrumb: "Kruimelpad",
    readMore: "Lees meer",
    readOn: "Lees verder",
    links: "Links",
    features: "Kenmerken",
    /** On a card of a story whose page is in another language than the page it is listed on. */
    inLanguage: { nl: "In het Nederlands", en: "In het Engels" },
    months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
  },
  pagination: {
    previous: "Vorige",
    next: "Volgende",
    page: (n: number) => `Pagina ${n}`,
    backToFirst: "Terug naar de eerste pagina",
  },
  carousel: {
    hint: "Swipe of scroll voor meer",
    previous: "Vorige",
    next: "Volgende",
    scrollLabel: (title?: string | null) => `${title || "Carrousel"}: scroll horizontaal`,
    controlsLabel: (title?: string | null) => `${title || "Carrousel"}: bladeren`,
  },
  cases: {
    label: "Cases",
    pagination: "Paginering cases",
    empty: "We schrijven onze nieuwste cases op dit moment uit. Kom binnenkort terug, of vraag ons gerust naar voorbeelden.",
    pastEnd: "Op deze pagina staan geen cases meer.",
    all: "Bekijk alle cases",
    read: "Lees de case",
    fallbackTitle: "Case",
    more: "Meer cases",
    allBack: "Alle cases",
    client: "Klant",
    sector: "Sector",
    whatWeDid: "Wat we deden",
    results: "De resultaten",
  },
  insights: {
    /** The insights feed's title (Atom). */
    feedTitle: "Insights van Koraal",
    label: "Insights",
    pagination: "Paginering insights",
    empty: "Ons team schrijft aan nieuwe artikelen. Kom binnenkort terug voor verse inzichten over apps, web en productstrategie.",
    pastEnd: "Op deze pagina staan geen artikelen meer.",
    all: "Bekijk alle insights",
    /** Before the author's name on a card: "Door Sanne". */
    byPrefix: "Door ",
    fallbackTitle: "Insight",
    /** After the minutes: "6 min leestijd". */
    readingTimeSuffix: " min leestijd",
    allBack: "Alle insights",
  },
  vacancies: {
    empty: "Op dit moment staan er geen vacatures open. Denk je dat je ons team sterker maakt? Een open sollicitatie is altijd welkom.",
    openApplication: "Stuur een open sollicitatie",
    openApplicationHref: "mailto:werken@koraal.nl?subject=Open%20sollicitatie",
    pagination: "Meer vacatures",
    view: "Bekijk vacature",
  },
  vacancy: {
    apply: "Solliciteer direct",
    allBack: "Alle vacatures",
    eyebrow: "Vacature",
    location: "Locatie",
    hours: "Uren",
    level: "Niveau",
    salary: "Salaris",
    applyLabel: "Solliciteren",
    summary: "In het kort",
    questions: "Vragen over deze vacature?",
  },
  team: {
    empty: "Ons team stelt zich hier binnenkort aan je voor. Tot die tijd zeggen we graag persoonlijk hallo.",
    pagination: "Meer teamleden",
    portrait: (name: string) => `Portret van ${name}`,
    linkedIn: (name: string) => `${name} op LinkedIn (opent in een nieuw tabblad)`,
  },
  sectors: {
    label: "Sectoren",
    empty: "We zetten onze sectoren op dit moment op een rij. Kijk binnenkort nog eens, of neem contact met ons op.",
    pagination: "Paginering sectoren",
    view: "Bekijk sector",
    viewLabel: (title: string) => `Bekijk sector ${title}`,
    fallbackTitle: "Sector",
  },
  contact: {
    address: "Bezoekadres",
    reach: "Bellen of mailen",
    hours: "Openingstijden",
    person: "Je eerste aanspreekpunt",
    route: "Plan je route",
  },
  customers: {
    empty: "Binnenkort lees je hier voor wie we werken.",
    website: (name?: string) => `Naar de website van ${name ?? "deze klant"}`,
    more: (name?: string) => `Meer over ${name ?? "deze klant"}`,
  },
  services: {
    more: (title?: string) => `Meer over ${title ?? "deze dienst"}`,
  },
  video: {
    fallbackLabel: "Video",
    unsupported: "Je browser speelt deze video niet af.",
    download: "Download de video",
  },
  code: {
    label: (language?: string, filename?: string) =>
      ["Codevoorbeeld", language ? `in ${language}` : null, filename ? `(${filename})` : null].filter(Boolean).join(" "),
  },
  preview: {
    theme: "Thema",
    themeTitle: "Header, footer en klanten",
    themeIntro: (count: number) =>
      `Header en footer staan boven en onder deze pagina, zoals op elke pagina van de site. Hieronder de klanten (${count}).`,
    customers: "Klanten",
    noCustomers: "Nog geen klanten in het thema.",
    teamMember: "Teamlid",
    customer: "Klant",
    example: "Voorbeeld",
    dataStoryIntro: "Zo toont de site deze kaart op de pagina's die ernaar verwijzen.",
    unsupportedBlock: (name: string) => `Blok „${name}” wordt niet ondersteund`,
    health: {
      title: "Inhoudscontrole",
      summary: (errors: number, warnings: number) =>
        `${errors} ${errors === 1 ? "fout" : "fouten"}, ${warnings} ${warnings === 1 ? "waarschuwing" : "waarschuwingen"}`,
      none: "Geen problemen gevonden.",
      show: "Tonen",
      hide: "Verbergen",
      error: "Fout",
      warning: "Waarschuwing",
      open: "Open dit blok in de editor",
      skip: "Naar de inhoudscontrole",
    },
  },
};

export type Dictionary = typeof nl;
