import { useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { FormMessage } from "./form.tsx";

/** Open dialogs, innermost last: only the top one answers keys, and focus falls back to the one beneath. */
const openDialogs: HTMLDialogElement[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest("[hidden]") && element.getClientRects().length > 0);
}

function canTakeFocus(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(":disabled") && element !== document.body;
}

/**
 * A modal dialog: the native <dialog> shown with showModal(), so the page behind is inert and the
 * dialog sits above everything, also above another dialog. Focus moves in (see `initialFocus`) and
 * Tab wraps inside; Escape and a click on the backdrop call onClose unless `busy` (a payment must
 * not be abandoned half-way); on close the focus returns to the opener. A bottom sheet on phones,
 * a centred panel from 640px; the content scrolls.
 *
 * Mount it to open it and unmount it to close it.
 */
export function Dialog({
  title,
  onClose,
  busy = false,
  children,
  footer,
  error,
  initialFocus = "first",
}: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  /** Buttons kept in view at the bottom while the content scrolls. */
  footer?: ReactNode;
  /** Why the last action failed: above the buttons, so it is in view on a phone however far the content scrolls. */
  error?: string;
  /**
   * Where the focus goes on opening when nothing is marked `data-autofocus`: the first field or
   * button, or the dialog itself (read from its title) when the content is more than a question.
   */
  initialFocus?: "first" | "dialog";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pointerDownOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    openDialogs.push(dialog);
    lockScroll();
    const initial = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? (initialFocus === "first" ? focusables(dialog)[0] : undefined) ?? dialog;
    initial.focus();
    return () => {
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (dialog.open) dialog.close();
      unlockScroll();
      // The opener may be gone (a Join button hidden after joining) or disabled (a busy Pay button).
      const beneath = openDialogs.at(-1);
      if (canTakeFocus(opener) && (!beneath || beneath.contains(opener))) opener.focus();
      else beneath?.focus();
    };
    // Once per opening: the dialog is mounted to open it and unmounted to close it.
  }, []);

  const isTop = () => openDialogs.at(-1) === ref.current;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (!isTop()) return;
    if (event.key === "Escape") {
      // Handled here rather than by the native cancel, which Chromium will not let us refuse twice in a row.
      event.preventDefault();
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables(event.currentTarget);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click on the backdrop lands on the <dialog> itself: its content fills the box inside it.
  const onPointerDown = (event: MouseEvent<HTMLDialogElement>) => {
    pointerDownOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const onBackdrop = pointerDownOnBackdrop.current && event.target === event.currentTarget;
    pointerDownOnBackdrop.current = false;
    if (onBackdrop && isTop() && !busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        if (isTop() && !busy) onClose();
      }}
      className="mx-0 mb-0 mt-auto max-h-[92dvh] w-full max-w-full flex-col overflow-hidden rounded-t-2xl open:flex bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 focus:outline-none sm:m-auto sm:max-h-[85dvh] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:rounded-xl"
    >
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="overflow-y-auto overscroll-contain px-5 pb-5 pt-5 sm:px-6 sm:pt-6">
          <h2 id={titleId} className="text-xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
        {(footer || error) && (
          <div className="flex flex-col gap-3 border-t border-slate-200 bg-white px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
            <FormMessage kind="error">{error}</FormMessage>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          </div>
        )}
      </div>
    </dialog>
  );
}

// The page behind a dialog stays where it is: scrolling the sheet on a phone must not move it.
let scrollLocks = 0;
function lockScroll() {
  if (scrollLocks++ === 0) document.documentElement.style.overflow = "hidden";
}
function unlockScroll() {
  if (--scrollLocks === 0) document.documentElement.style.overflow = "";
}
