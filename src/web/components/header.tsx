import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { DownArrow } from "./down-arrow.tsx";
import { Link } from "#web/components/link.tsx";
import type { Me } from "#shared/account.ts";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";
import type HeaderMenuComponent from "./header-menu.tsx";
import type { OpenFocus } from "./header-menu.tsx";

type HeaderMenuType = typeof HeaderMenuComponent;

/**
 * The signed-in header: the product title and the user's menu button; the menu itself
 * (header-menu.tsx) is fetched once the header is on screen, so it is there, offline too, by the
 * time anyone opens it. Escape and a tap outside close it. Held in state rather than through
 * React.lazy: a Suspense boundary reveals its content on a timer, which a page whose clock is held
 * (a test, a frozen tab) would never let fire.
 */
export function Header({ user, appName, onLogout }: { user: Me; appName: string; onLogout: () => void }) {
  const [open, setOpen] = useState<OpenFocus | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  const [HeaderMenu, setHeaderMenu] = useState<HeaderMenuType | null>(null);
  useEffect(() => {
    import("./header-menu.tsx")
      .then((module) => setHeaderMenu(() => module.default))
      .catch(() => undefined); // offline before it came: the button opens nothing until a reload
  }, []);

  // Before the menu is painted (a layout effect): an Escape or a click pressed as soon as it shows
  // must close it, and an effect runs only after the paint (seen as a lost Escape in a busy browser).
  useLayoutEffect(() => {
    if (!open) return;
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

  const go = (to: string) => {
    setOpen(null);
    navigate(to);
  };

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
            <DownArrow />
            <span className="sr-only">{t("shell.header.openMenu")}</span>
          </button>
          {open && HeaderMenu && (
            <HeaderMenu
              id={menuId}
              user={user}
              focus={open}
              onGo={go}
              onLogout={() => {
                setOpen(null);
                onLogout();
              }}
              onTabAway={() => {
                // Tab closes the menu and goes on from the button, to the next control on the page.
                buttonRef.current?.focus();
                setOpen(null);
              }}
            />
          )}
        </div>
      </div>
    </header>
  );
}
