// Json columns hold what the models cannot (no scalar lists): reading them back tolerates anything.

/** The strings of a Json array column (anything else in it is ignored). */
export function jsonStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
