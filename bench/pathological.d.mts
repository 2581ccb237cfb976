export const PATHOLOGICAL: Record<string, (bytes: number) => string>;
