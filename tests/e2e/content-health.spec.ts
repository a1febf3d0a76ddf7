import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import AxeBuilder from "@axe-core/playwright";
import { consoleErrors, hydrated } from "./helpers";

// The preview's content-health panel, with the page framed as Storyblok's visual editor frames it:
// a stand-in editor page on https://app.storyblok.com (served by page.route) holds the preview in an
// iframe and records the messages the preview posts to it. The preview is served over https as a
// deployed site is (https://preview.koraal.test, passed through to the local site: Chromium does not
// let an https page frame http://127.0.0.1). The local bridge stand-in fires the editor's `input` events.

const EDITOR = "https://app.storyblok.com/#/me/spaces/287341/stories/0/0/612401004";
const SITE = "https://preview.koraal.test";
const MISSING_UUID = "00000000-dead-4bad-8bad-000000000000";

const previewLinkFor = (path: string, base: string) =>
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/preview-link.ts"), path, "--base", base], { encoding: "utf8" }).trim();

test("a live edit that breaks a link shows the finding within a second, a click opens its blok in the editor, fixing it clears it", async ({
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const link = previewLinkFor("/contact", SITE);
  await page.route(`${SITE}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(SITE, baseURL!) });
    await route.fulfill({ response });
  });
  await page.route("https://app.storyblok.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Editor</title><script>window.messages=[];addEventListener("message",(e)=>messages.push({origin:e.origin,data:e.data}))</script><iframe id="preview" style="width:1200px;height:800px" src="${link}"></iframe>`,
    }),
  );
  await page.goto(EDITOR);
  const frame = page.frameLocator("#preview");
  await expect(frame.locator("html")).toHaveAttribute("data-preview", "live");
  const panel = frame.locator("[data-content-health] aside");
  await expect(panel.getByRole("status")).toHaveText("Geen problemen gevonden.");

  const preview = page.frames().find((candidate) => candidate.url().startsWith(SITE))!;
  const edit = (broken: boolean) =>
    preview.evaluate(
      ({ broken, missing }) => {
        const root = document.querySelector<HTMLElement>("[data-preview-root]")!;
        const props = JSON.parse(root.dataset.props!) as { storyId: number; content: { body: Array<Record<string, unknown>> } };
        const content = structuredClone(props.content);
        const hero = content.body.find((blok) => blok.component === "HeroBanner")!;
        if (broken) hero.cta = { id: missing, url: "", linktype: "story", fieldtype: "multilink", cached_url: "bestaat-niet" };
        (window as unknown as { __storyblokBridge: { emit: (a: string, p: unknown) => number } }).__storyblokBridge.emit("input", {
          story: { id: props.storyId, content },
        });
        return { uid: String(hero._uid), storyId: props.storyId, editable: String(hero._editable) };
      },
      { broken, missing: MISSING_UUID },
    );

  const hero = await edit(true);
  const finding = panel.getByRole("button", { name: /Link naar een pagina die niet bestaat/ });
  await expect(finding).toBeVisible({ timeout: 1000 });
  await expect(panel.getByRole("status")).toHaveText("1 fout, 0 waarschuwingen");
  // the block and field as the editor's form names them (the model's display names), not the code's
  await expect(finding).toContainText("Hero · Knop: link");

  // by keyboard: the finding is a button
  await finding.focus();
  await page.keyboard.press("Enter");
  const options = JSON.parse(hero.editable.replace(/^<!--#storyblok#/, "").replace(/-->$/, "")) as Record<string, unknown>;
  const select = { origin: SITE, data: { action: "edit", dataC: options } };
  const messages = () => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
  await expect.poll(messages).toEqual([select]);
  // and by pointer
  await finding.click();
  await expect.poll(messages).toEqual([select, select]);
  expect(options).toMatchObject({ uid: hero.uid, id: String(hero.storyId), name: "HeroBanner" });

  await edit(false);
  await expect(finding).toHaveCount(0, { timeout: 1000 });
  await expect(panel.getByRole("status")).toHaveText("Geen problemen gevonden.");
  expect(errors).toEqual([]);
});

test("visitors get no panel; the preview's panel passes axe and changes nothing of the page's layout", async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/insights/meten-wat-ertoe-doet`);
  await hydrated(page);
  await expect(page.locator("[data-content-health]")).toHaveCount(0);
  await page.goto(previewLinkFor("/insights/meten-wat-ertoe-doet", baseURL!));
  await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
  // a page with findings: the demo's long title
  await expect(page.locator("[data-content-health] aside").getByRole("button", { name: /De paginatitel/ })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include("[data-content-health]").analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  const layout = () =>
    page.evaluate(() => ({
      main: JSON.stringify(document.querySelector("main")!.getBoundingClientRect()),
      height: document.body.scrollHeight,
    }));
  const withPanel = await layout();
  await page.locator("[data-content-health]").evaluate((element) => element.remove());
  expect(await layout()).toEqual(withPanel);
});

test("on a phone the panel reaches first by keyboard, folds on Escape, and never covers the block a finding points to", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(previewLinkFor("/insights/meten-wat-ertoe-doet", baseURL!));
  await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
  const panel = page.locator("[data-content-health] aside");
  const findings = panel.locator("li button");
  await expect(findings.first()).toBeVisible();

  // the first Tab stop is the skip link; following it puts the focus on the panel
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Naar de inhoudscontrole" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(panel).toBeFocused();
  const axe = await new AxeBuilder({ page }).include("[data-content-health]").analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // every finding, opened from the end of the page: its block outlined, in view, and clear of the panel
  // (the panel at the bottom or the top, or its list folded away where neither is clear)
  const count = await findings.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await findings.nth(i).click();
    const highlighted = page.locator("[data-health-highlight]");
    await expect(highlighted).toHaveCount(1);
    const [block, box] = [await highlighted.boundingBox(), await panel.boundingBox()];
    const blockTop = block!.y;
    const header = await page.locator("header").first().boundingBox();
    expect(blockTop, `finding ${i}: the block starts in view, below the site's sticky header`).toBeGreaterThanOrEqual(
      header!.y + header!.height,
    );
    expect(blockTop).toBeLessThan(667);
    // the whole block clear of the panel, or of a block taller than the space the panel leaves its beginning
    const [panelTop, panelBottom] = [box!.y, box!.y + box!.height];
    const shown = Math.min(block!.height, 48);
    const clear = panelTop > 667 / 2 ? blockTop + shown <= panelTop : blockTop >= panelBottom;
    expect(clear, `finding ${i}: block ${JSON.stringify(block)} under the panel ${JSON.stringify(box)}`).toBe(true);
    if (block!.height <= 667 - box!.height - 120) expect(blockTop + block!.height <= panelTop || blockTop >= panelBottom).toBe(true);
    if (!(await findings.nth(i).isVisible())) await panel.getByRole("button", { name: "Tonen" }).click();
  }

  // Escape folds the list away and leaves the focus on the button that opens it again
  await findings.first().focus();
  await page.keyboard.press("Escape");
  await expect(findings).toHaveCount(0);
  const toggle = panel.getByRole("button", { name: "Tonen" });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const folded = await panel.boundingBox();
  expect(folded!.height).toBeLessThan(80);
});
