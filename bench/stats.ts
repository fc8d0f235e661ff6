// Figures the benches summarise their rounds with.

/** The middle value of a non-empty list (the upper of the two middle ones of an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
