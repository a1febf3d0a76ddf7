/**
 * Search-engine crawlers and link-preview fetchers: they get complete HTML (no streaming
 * placeholders) and, for errors, only the status code. Deliberately narrower than generic bot
 * detection: headless browsers, monitoring and scripts are treated as visitors.
 */
const CRAWLERS = new RegExp(
  [
    "googlebot",
    "google-inspectiontool",
    "storebot-google",
    "adsbot-google",
    "mediapartners-google",
    "bingbot",
    "bingpreview",
    "msnbot",
    "duckduckbot",
    "duckassistbot",
    "yandex(?:bot|images|mobilebot)",
    "baiduspider",
    "applebot",
    "yahoo! slurp",
    "petalbot",
    "seznambot",
    "qwantify",
    "ecosia",
    "facebookexternalhit",
    "facebookcatalog",
    "meta-externalagent",
    "twitterbot",
    "linkedinbot",
    "slackbot",
    "slack-imgproxy",
    "discordbot",
    "whatsapp",
    "telegrambot",
    "skypeuripreview",
    "pinterestbot",
    "redditbot",
    "mastodon",
    "bluesky",
    "embedly",
    "iframely",
    "vkshare",
    "ia_archiver",
  ].join("|"),
  "i",
);

/** Answers per user agent, kept per isolate: a handful of browsers send nearly every request. */
const verdicts = new Map<string, boolean>();
/** Any client can send any user agent: the memo is emptied when it holds this many. */
export const CRAWLER_MEMO_ENTRIES = 500;
/** ...and keeps none longer than this (browsers send 100-250 characters), so it stays under ~0.5 MB. */
export const CRAWLER_MEMO_MAX_LENGTH = 512;

export function isCrawler(userAgent: string | undefined | null): boolean {
  if (!userAgent) return false;
  let crawler = verdicts.get(userAgent);
  if (crawler === undefined) {
    crawler = CRAWLERS.test(userAgent);
    if (userAgent.length > CRAWLER_MEMO_MAX_LENGTH) return crawler;
    if (verdicts.size >= CRAWLER_MEMO_ENTRIES) verdicts.clear();
    verdicts.set(userAgent, crawler);
  }
  return crawler;
}

/** How many user agents the memo holds (tests). */
export const crawlerMemoSize = () => verdicts.size;
