/** The chart library inlined into `memdex recall --format html` (resolved by scripts/build.mjs at bundle time). */
declare module 'virtual:chart-assets' {
  const assets: { readonly name: string; readonly version: string; readonly script: string; readonly style: string };
  export default assets;
}
