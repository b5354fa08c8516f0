import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Me } from "#shared/account.ts";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";

/** Where the focus goes when the menu opens: its first item, or its last one (ArrowUp on the button). */
type OpenFocus = "first" | "last";

/**
 * The signed-in header: the product title and the user's menu, a WAI-ARIA menu button (the menu
 * takes the focus when it opens; arrow keys, Home and End move it; Escape and Tab close it).
 */
export function Header({ user, appName, onLogout }: { user: Me; appName: string; onLogout: () => void }) {
  const [open, setOpen] = useState<OpenFocus | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === "first" ? list[0] : list[list.length - 1])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Tab") {
      // Tab closes the menu and goes on from the button, to the next control on the page.
      buttonRef.current?.focus();
      setOpen(null);
    }
  };

  const go = (to: string) => {
    setOpen(null);
    navigate(to);
  };
  const itemClass = "block w-full px-4 py-2 text-left text-slate-800 hover:bg-green-50 focus:bg-green-50 focus:outline-none";

  return (
    <header className="relative bg-green-800 text-white shadow">
      {/* One line whatever the names: the user's name gives way (truncated), the product title keeps its place. */}
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Link to={paths.home} className="max-w-[50%] shrink-0 truncate text-xl font-bold tracking-tight focus:outline-2 focus:outline-white">
          {appName}
        </Link>
        <div className="relative min-w-0" ref={menuRef}>
          <button
            ref={buttonRef}
            type="button"
            aria-haspopup="menu"
            aria-expanded={Boolean(open)}
            aria-controls={menuId}
            onClick={() => setOpen((value) => (value ? null : "first"))}
            onKeyDown={onButtonKeyDown}
            className="flex max-w-full items-center gap-2 rounded-md px-3 py-1.5 hover:bg-green-700 focus:outline-2 focus:outline-white"
          >
            {/* Truncated on screen; the full name stays in the text (screen readers) and the tooltip. */}
            <span className="min-w-0 max-w-[12rem] truncate" title={user.name}>
              {user.name}
            </span>
            <span aria-hidden="true">▾</span>
            <span className="sr-only">{t("shell.header.openMenu")}</span>
          </button>
          {open && (
            <div
              id={menuId}
              role="menu"
              aria-label={user.name}
              onKeyDown={onMenuKeyDown}
              className="absolute right-0 mt-2 w-56 max-w-[calc(100vw-2rem)] overflow-hidden rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10"
            >
              <button role="menuitem" tabIndex={-1} type="button" className={`${itemClass} font-semibold`} onClick={() => go(paths.profile)}>
                <span className="block truncate" title={user.name}>
                  {user.name}
                </span>
              </button>
              {user.isAdmin && (
                <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => go(paths.createEvent)}>
                  {t("shell.header.createEvent")}
                </button>
              )}
              {user.isAdmin && (
                <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => go(paths.console)}>
                  {t("shell.header.console")}
                </button>
              )}
              <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => go(paths.yourEvents)}>
                {t("shell.header.yourEvents")}
              </button>
              <button
                role="menuitem"
                tabIndex={-1}
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(null);
                  onLogout();
                }}
              >
                {t("shell.header.logOut")}
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
