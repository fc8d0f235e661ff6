/** The id of an update's input: the service refuses an update without one, so after it the id is there. */
export function savedId(input: { id?: number | null }): number {
  if (input.id === null || input.id === undefined) throw new Error('an updated input carries no id');
  return input.id;
}
