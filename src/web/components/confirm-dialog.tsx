import type { ReactNode } from "react";
import { Dialog } from "./dialog.tsx";
import { Button } from "./form.tsx";
import { t } from "#web/i18n/i18n.ts";

/**
 * The original product's confirm modals, 'Processing...' while the action runs. The buttons say what
 * they do when the caller names them ("Give up my spot" / "Keep my spot": decision 040); a dialog that
 * does not keeps SPEC's 'Confirm' and 'Cancel'.
 */
export function ConfirmDialog({
  title,
  onClose,
  onConfirm,
  busy,
  error,
  confirmDisabled = false,
  confirmLabel,
  cancelLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  error?: string;
  /** Not yet: what the person confirms is still loading. */
  confirmDisabled?: boolean;
  /** What confirming does ("Give up my spot"); SPEC's 'Confirm' when not given. */
  confirmLabel?: string;
  /** What closing keeps ("Keep my spot"); SPEC's 'Cancel' when not given. */
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      error={error}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t("shell.dialog.cancel")}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy || confirmDisabled}>
            {busy ? t("shell.dialog.busy") : (confirmLabel ?? t("shell.dialog.confirm"))}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
