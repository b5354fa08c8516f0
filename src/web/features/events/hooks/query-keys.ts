/** Cache keys of the events feature; creating an event invalidates everything under `all`. */
export const eventKeys = {
  all: ["events"] as const,
  upcoming: () => ["events", "upcoming"] as const,
  completed: (page: number) => ["events", "completed", page] as const,
  detail: (id: string) => ["events", "detail", id] as const,
  mine: () => ["events", "mine"] as const,
};
