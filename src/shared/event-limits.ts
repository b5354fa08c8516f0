import { errorKey } from "./i18n/error-key.ts";

// Apart from events.ts, which builds its zod schemas when loaded: the game's page needs these few
// values, and loading zod with them cost its phone a long task (docs/server-rendering.md, "What the
// first modules evaluate").

/** The most an organiser may say to the players when cancelling a game (it goes into every mail). */
export const CANCEL_MESSAGE_MAX = 500;
export const LATITUDE_RANGE = errorKey("shared.event.latitudeRange");
export const LONGITUDE_RANGE = errorKey("shared.event.longitudeRange");
