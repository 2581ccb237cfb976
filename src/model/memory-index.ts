// (being written: the index grammar)
export interface MemoryIndex { readonly path: string; readonly text: string }
