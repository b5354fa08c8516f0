import { myState, type MyActiveRegistration } from "#shared/my-registrations.ts";
import { t } from "#web/i18n/i18n.ts";

/** A home card's badge for the viewer's own place in the game (myState's rule), in the reader's language; null when not in it. */
export function myStateText(registrations: readonly MyActiveRegistration[]): string | null {
  const state = myState(registrations);
  if (!state) return null;
  if (state.kind === "processing") return t("home.mine.processing");
  if (state.kind === "playing") return t(state.role === "goalkeeper" ? "home.mine.inGoal" : "home.mine.playing");
  return state.place === null ? t("home.mine.waitlisted") : t("home.mine.waitlistedAt", { place: state.place });
}
