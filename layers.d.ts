/** The types of layers.js (the one list of the layers of src/). */
export interface Layer {
  readonly name: string;
  /** Folders of src/ ('.': the files at its top). */
  readonly folders: readonly string[];
  /** The pure core: no machine, no clock, no randomness. */
  readonly pure?: boolean;
}
export const LAYERS: readonly Layer[];
export const PURE: readonly string[];
export const ADAPTERS: readonly string[];
export const COMPOSITION_ROOT: string;
