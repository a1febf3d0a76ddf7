/**
 * Design tokens of the site. The stylesheet is generated at build time (scripts/build.mjs) from
 * the class names used in src/ and client/, into one hashed file.
 */
declare const _default: import("unocss").UserConfig<import("unocss").PresetMiniTheme>;
export default _default;
