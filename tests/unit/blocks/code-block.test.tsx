import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const code = 'const greeting = "<hallo>";\nconsole.log(greeting && 1);';

describe("CodeBlock", () => {
  it("renders figure > pre > code with the language class, focusable and labelled, with filename and caption", async () => {
    const { html, logs } = await renderBlok({
      _uid: "cb-1",
      component: "CodeBlock",
      language: "ts",
      filename: "src/hallo.ts",
      caption: "Een begroeting.",
      code,
    });
    expect(logs).toEqual([]);
    const pre = await one(html, "figure > pre");
    expect(pre.attrs).toMatchObject({
      tabindex: "0",
      "aria-label": "Codevoorbeeld in TypeScript (src/hallo.ts)",
      "aria-describedby": "code-cb-1-caption",
    });
    expect(pre.attrs.class).toContain("overflow-x-auto");
    const codeEl = await one(html, "figure > pre > code");
    expect(codeEl.attrs.class).toBe("language-ts");
    // the code is text, escaped by React, whitespace kept
    expect(html).toContain("const greeting = &quot;&lt;hallo&gt;&quot;;\nconsole.log(greeting &amp;&amp; 1);");
    expect(await one(html, "figcaption")).toMatchObject({ text: "Een begroeting.", attrs: { id: "code-cb-1-caption" } });
    expect(textOf(html)).toBe(`src/hallo.ts TypeScript ${code.replace(/\s+/g, " ")} Een begroeting.`);
    // plain server-rendered text: no highlighting script, no markup inside the code
    expect(html).not.toContain("<script");
    expect(await query(html, "code *")).toEqual([]);
  });

  it("names unknown languages as written, and keeps editors' input out of the class attribute", async () => {
    const kotlin = await renderBlok({ _uid: "k", component: "CodeBlock", language: "Kotlin", code: "val x = 1" });
    expect((await one(kotlin.html, "code")).attrs.class).toBe("language-kotlin");
    expect((await one(kotlin.html, "pre")).attrs["aria-label"]).toBe("Codevoorbeeld in Kotlin");
    const elixir = await renderBlok({ _uid: "e", component: "CodeBlock", language: "elixir", code: "x = 1" });
    expect((await one(elixir.html, "pre")).attrs["aria-label"]).toBe("Codevoorbeeld in Elixir");
    const proto = await renderBlok({ _uid: "c", component: "CodeBlock", language: "constructor", code: "x" });
    expect((await one(proto.html, "pre")).attrs["aria-label"]).toBe("Codevoorbeeld in Constructor");
    const hostile = await renderBlok({ _uid: "h", component: "CodeBlock", language: 'ts" onclick="x', code: "x" });
    expect((await one(hostile.html, "code")).attrs.class).toBeUndefined();
    expect((await one(hostile.html, "pre")).attrs["aria-label"]).toBe("Codevoorbeeld");
    expect(await query(hostile.html, "figcaption")).toEqual([]);
    expect(await query(hostile.html, "figure > div")).toEqual([]);
  });

  it("renders nothing without code", async () => {
    for (const blok of [{ code: "" }, { code: "\n\n  " }, {}, { code: 42 }]) {
      const { html, logs } = await renderBlok({ _uid: "x", component: "CodeBlock", language: "ts", ...blok });
      expect(html).toBe("");
      expect(logs).toEqual([]);
    }
  });
});
