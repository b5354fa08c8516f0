import type { ReactNode } from "react";
import { Dialog } from "./dialog.tsx";
import { Button } from "./form.tsx";
import { t } from "#web/i18n/i18n.ts";

/** The original product's confirm modals: 'Confirm' and 'Cancel', 'Processing...' while the action runs. */
export function ConfirmDialog({
  title,
  onClose,
  onConfirm,
  busy,
  error,
  confirmDisabled = false,
  children,
}: {
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  error?: string;
  /** Not yet: what the person confirms is still loading. */
  confirmDisabled?: boolean;
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
            {t("shell.dialog.cancel")}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy || confirmDisabled}>
            {busy ? t("shell.dialog.busy") : t("shell.dialog.confirm")}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
