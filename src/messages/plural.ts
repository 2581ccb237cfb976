/** `1 problem`, `2 problems`: a count with its noun (`many` for an irregular plural). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
