/**
 * chalk's default instance as a named export: a report with findings loads it (color.ts),
 * from a file of its own in dist/ (chalk.cjs, scripts/bundles.mjs), where a default
 * export would not survive the CommonJS interop.
 */
export { default as chalk } from 'chalk';
