/**
 * The body of POST /api/lists (save the cart as a list) and PUT /api/lists/:id (rename): the name
 * as typed; the server trims it. Pure: the server's contract tests send exactly this (docs/decisions/028).
 */
export function toListNameBody(name: string) {
  return { name };
}
