export function prng(seed: number): () => number;
