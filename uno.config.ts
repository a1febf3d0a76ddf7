import { defineConfig, presetWind3 } from "unocss";
import { FOOTER_COLLAPSE_MS, SUBMENU_EXPAND_MS, SUBMENU_TRANSITION_MS } from "./src/shared/motion.ts";

/**
 * Design tokens of the site. The stylesheet is generated at build time (tools/build/build.ts) from
 * the class names used in src/ and client/, into one hashed file.
 */
export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      koraal: {
        DEFAULT: "#FF7979",
        50: "#FFF4F4",
        100: "#FFE6E6",
        200: "#FFCDCD",
        300: "#FFA8A8",
        400: "#FF7979",
        500: "#F65A5A",
        600: "#DC3E3E",
        // text on white needs at least 4.5:1, which the theme colour itself (2.6:1) does not reach
        700: "#B22F2F",
        800: "#8C2626",
        900: "#5A1919",
      },
      ink: { DEFAULT: "#16162A", soft: "#3B3B55", muted: "#5F5F78" },
      sand: { DEFAULT: "#FBF6F1", dark: "#F1E8DF" },
    },
    // No web font ships (issue 11): "Inter" / "Inter Tight" are used only where a visitor has them
    // installed; everyone else gets the system stack after them (Segoe UI, system-ui = San Francisco
    // or Roboto, Helvetica Neue, Arial). No font request, nothing to block text or shift layout.
    fontFamily: {
      sans: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      display: '"Inter Tight", "Inter", "Segoe UI", system-ui, -apple-system, Arial, sans-serif',
      mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
    },
  },
  shortcuts: {
    "site-container": "mx-auto w-full max-w-7xl px-5 sm:px-8",
    // Not "focus-ring": UnoCSS would read that as the variant focus: applied to the utility ring.
    "kbd-focus": "outline-none focus-visible:ring-3 focus-visible:ring-koraal-600 focus-visible:ring-offset-2",
    "btn-primary":
      "inline-flex items-center gap-2 rounded-full bg-ink px-6 py-3 font-semibold text-white no-underline transition-colors hover:bg-koraal-700 kbd-focus",
    "btn-secondary":
      "inline-flex items-center gap-2 rounded-full border-2 border-ink px-6 py-3 font-semibold text-ink no-underline transition-colors hover:bg-ink hover:text-white kbd-focus",
    "text-link": "text-koraal-700 underline decoration-2 underline-offset-3 hover:text-ink kbd-focus",
    eyebrow: "text-sm font-semibold uppercase tracking-widest text-koraal-700",
  },
  preflights: [
    {
      getCSS: () => `
        *, ::before, ::after { box-sizing: border-box; border: 0 solid currentColor; }
        html { -webkit-text-size-adjust: 100%; tab-size: 4; scroll-behavior: smooth; }
        body { margin: 0; font-family: "Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif; color: #16162A; background: #fff; line-height: 1.6; -webkit-font-smoothing: antialiased; }
        h1, h2, h3, h4, h5, h6, p, blockquote, figure, dl, dd, pre { margin: 0; }
        h1, h2, h3, h4, h5, h6 { font-size: inherit; font-weight: inherit; text-wrap: balance; }
        a { color: inherit; }
        ol, ul { margin: 0; padding: 0; }
        img, svg, video, canvas, iframe { display: block; vertical-align: middle; }
        img, video { max-width: 100%; height: auto; }
        button, input, select, textarea { font: inherit; color: inherit; margin: 0; }
        button { background: transparent; cursor: pointer; }
        pre, code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        table { border-collapse: collapse; }
        :focus-visible { outline: 3px solid #DC3E3E; outline-offset: 2px; }
        ::selection { background: #FFCDCD; }
        .prose { max-width: 48rem; color: #3B3B55; font-size: 1.0625rem; line-height: 1.75; }
        .prose > * + * { margin-top: 1.1em; }
        .prose h2 { color: #16162A; font-size: 1.75rem; line-height: 1.25; font-weight: 700; margin-top: 1.8em; }
        .prose h3 { color: #16162A; font-size: 1.35rem; line-height: 1.3; font-weight: 700; margin-top: 1.6em; }
        .prose h4, .prose h5, .prose h6 { color: #16162A; font-weight: 700; margin-top: 1.4em; }
        .prose a { color: #B22F2F; text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 3px; }
        .prose a:hover { color: #16162A; }
        .prose strong, .prose b { color: #16162A; font-weight: 700; }
        .prose ul { list-style: disc; padding-left: 1.5rem; }
        .prose ol { list-style: decimal; padding-left: 1.5rem; }
        .prose li + li { margin-top: 0.4em; }
        .prose li::marker { color: #DC3E3E; }
        .prose blockquote { border-left: 4px solid #FF7979; padding: 0.25em 0 0.25em 1.25em; font-size: 1.2rem; color: #16162A; font-style: italic; }
        .prose code { background: #FBF6F1; border-radius: 0.35rem; padding: 0.1em 0.35em; font-size: 0.9em; }
        .prose pre { background: #16162A; color: #F6F6FA; border-radius: 1rem; padding: 1.25rem 1.5rem; overflow-x: auto; font-size: 0.9rem; line-height: 1.6; }
        .prose pre code { background: transparent; padding: 0; color: inherit; }
        .prose hr { border-top: 1px solid #F1E8DF; margin: 2.5em 0; }
        .prose table { width: 100%; font-size: 0.95rem; }
        .prose th, .prose td { border-bottom: 1px solid #F1E8DF; padding: 0.6em 0.8em; text-align: left; vertical-align: top; }
        .prose th { color: #16162A; font-weight: 700; }
        .prose img { border-radius: 1rem; }
        .prose mark { border-radius: 0.2em; padding: 0 0.15em; }
        :root { interpolate-size: allow-keywords; }
        .carousel-controls { display: none; }
        @media (scripting: enabled) { .carousel-controls { display: flex; } }
        .site-header-row:not(:has(> .site-header-end)) { visibility: hidden; }
        .site-header [popover] { margin: 0; padding: 0; border: 0; width: auto; height: auto; max-width: none; max-height: none; color: inherit; }
        .site-header:has(#mobile-menu:popover-open) .when-closed, .site-header:not(:has(#mobile-menu:popover-open)) .when-open { display: none; }
        .mobile-menu { position: fixed; inset: calc(4.5rem + 1px) 0 0 0; }
        .mobile-disclosure > summary { list-style: none; }
        .mobile-disclosure > summary::-webkit-details-marker { display: none; }
        .submenu-panel { position: fixed; inset: calc(4.5rem + 1px) 0 auto 0; display: grid; grid-template-rows: 0fr; transition: grid-template-rows ${SUBMENU_EXPAND_MS}ms ease, display ${SUBMENU_TRANSITION_MS}ms allow-discrete, overlay ${SUBMENU_TRANSITION_MS}ms allow-discrete; }
        .submenu-panel:not(:popover-open) { display: none; }
        .submenu-panel:popover-open { grid-template-rows: 1fr; }
        .submenu-content { opacity: 0; transform: translateY(-0.5rem); transition: opacity ${SUBMENU_TRANSITION_MS}ms ease, transform ${SUBMENU_TRANSITION_MS}ms ease; }
        .submenu-panel:popover-open .submenu-content { opacity: 1; transform: none; }
        @starting-style {
          .submenu-panel:popover-open { grid-template-rows: 0fr; }
          .submenu-panel:popover-open .submenu-content { opacity: 0; transform: translateY(-0.5rem); }
        }
        .submenu-button[aria-expanded="true"] { background: #FFE6E6; }
        .submenu-button[aria-expanded="true"] svg { transform: rotate(180deg); }
        .footer-group > summary { list-style: none; }
        .footer-group > summary::-webkit-details-marker { display: none; }
        .footer-group[open] .footer-chevron { transform: rotate(180deg); }
        .footer-group::details-content { block-size: 0; overflow: clip; transition: block-size ${FOOTER_COLLAPSE_MS}ms ease, content-visibility ${FOOTER_COLLAPSE_MS}ms allow-discrete; }
        .footer-group[open]::details-content { block-size: auto; }
        @media (min-width: 1024px) {
          .footer-group > summary { display: none; }
          .footer-group::details-content { block-size: auto; content-visibility: visible; }
          body:has(.submenu-panel:popover-open) { overflow: hidden; }
        }
        @media (max-width: 1023.98px) {
          .submenu-panel:popover-open { display: none; }
          body:has(#mobile-menu:popover-open) { overflow: hidden; }
        }
        @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; } }
      `,
    },
  ],
});
