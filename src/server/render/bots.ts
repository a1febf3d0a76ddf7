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

export function isCrawler(userAgent: string | undefined | null): boolean {
  return Boolean(userAgent) && CRAWLERS.test(userAgent as string);
}
