import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage, needsConnectionMessage } from "#web/lib/api.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage, t } from "./i18n.ts";

// What every screen shares (area "shell"), in French.
describe("the shell in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("says loading, and the way back to the games", () => {
    expect(renderToStaticMarkup(<Spinner />)).toContain(">Chargement…</span>");
    const notFound = renderToStaticMarkup(
      <MemoryRouter>
        <NotFoundMessage title={t("shell.notFound.title")} text={t("shell.notFound.text")} />
      </MemoryRouter>,
    );
    expect(notFound).toContain("Page introuvable");
    expect(notFound).toContain("Retour aux parties");
  });

  it("words the confirm dialog's buttons, busy or not", () => {
    // Rendered on the server the native <dialog> stays closed, but its buttons are in the markup.
    const dialog = (busy: boolean) =>
      renderToStaticMarkup(
        <ConfirmDialog title="?" onClose={() => undefined} onConfirm={() => undefined} busy={busy}>
          …
        </ConfirmDialog>,
      );
    expect(dialog(false)).toContain(">Annuler</button>");
    expect(dialog(false)).toContain(">Confirmer</button>");
    expect(dialog(true)).toContain(">Traitement en cours…</button>");
  });

  it("words the app's own error texts", () => {
    expect(needsConnectionMessage()).toBe("Vous êtes hors ligne. Cette action nécessite une connexion : réessayez une fois de retour en ligne.");
    expect(errorMessage(null)).toBe("Une erreur inconnue est survenue.");
    // A server's message is shown as it came (the server words it in the reader's language).
    expect(errorMessage(new Error("Partie complète."))).toBe("Partie complète.");
  });
});
