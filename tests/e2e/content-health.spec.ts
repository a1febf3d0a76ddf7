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
  await expect(finding).toContainText("HeroBanner · cta");

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
