/**
 * What the event page is told (router state) when the organiser lands on a game just created: its
 * Share button gets the focus and stands out (docs/product-rules.md, "Editing and cancelling a game").
 */
export interface CreatedEventState {
  created: true;
}

export function isCreatedEventState(state: unknown): state is CreatedEventState {
  return typeof state === "object" && state !== null && (state as { created?: unknown }).created === true;
}
