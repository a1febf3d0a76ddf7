import { describe, expect, it } from "vitest";
import { CRAWLER_MEMO_ENTRIES, CRAWLER_MEMO_MAX_LENGTH, crawlerMemoSize, isCrawler } from "../../src/server/render/bots";

describe("crawler detection", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Twitterbot/1.0",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "WhatsApp/2.23.20.0 A",
    "TelegramBot (like TwitterBot)",
  ])("recognises %s", (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
    "",
  ])("treats %s as a visitor", (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it("remembers its answers per user agent, never more of them than its bound, and stays right", () => {
    for (let i = 0; i < CRAWLER_MEMO_ENTRIES * 3; i++) isCrawler(`Mozilla/5.0 random-${i}`);
    expect(crawlerMemoSize()).toBeLessThanOrEqual(CRAWLER_MEMO_ENTRIES);
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 random-1")).toBe(false);
  });

  it("keeps no user agent longer than a browser's: the memo's bytes are bounded too, the answer stays right", () => {
    isCrawler("Mozilla/5.0 short"); // the memo holds something, so a clear would show as a smaller size
    const before = crawlerMemoSize();
    const padding = "x".repeat(64 * 1024);
    expect(isCrawler(`Mozilla/5.0 ${padding}`)).toBe(false);
    expect(isCrawler(`Googlebot/2.1 ${padding}`)).toBe(true);
    expect(crawlerMemoSize()).toBe(before);
    expect(isCrawler(`Mozilla/5.0 ${"y".repeat(CRAWLER_MEMO_MAX_LENGTH - 12)}`)).toBe(false);
    expect(crawlerMemoSize()).toBe(before + 1);
  });
});
