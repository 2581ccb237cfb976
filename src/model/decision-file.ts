// (being written: decision headings)
export interface DecisionHeading { readonly path: string; readonly text: string }
export interface DecisionFile { readonly path: string; readonly text: string; readonly headings: readonly DecisionHeading[] }
