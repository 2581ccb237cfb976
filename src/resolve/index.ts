/** The runtime resolver (`memdex when/how/resolve`, hooks) and key compression. */
export { targetLine } from './choice-lines.js';
export { resolve, resolveTrigger, type ResolveOptions, type ResolveResult } from './resolve.js';
export { isSafeFileName } from './section.js';
export { parseQuery, type ParsedQuery, type QueryMode } from './query.js';
export { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
export { renderSection, sectionJson, type RenderOptions } from './render.js';
export type { Section } from './section.js';
export { compressKey, compressHeading, type CompressKeyOptions, type CompressKeyResult } from './compress-key.js';
