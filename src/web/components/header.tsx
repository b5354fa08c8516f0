import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Me } from "../../shared/account.ts";
import { paths } from "../lib/paths.ts";

export function Header({ user, appName, onLogout }: { user: Me; appName: string; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
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

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  const itemClass = "block w-full px-4 py-2 text-left text-slate-800 hover:bg-green-50 focus:bg-green-50 focus:outline-none";

  return (
    <header className="sticky top-0 z-40 bg-green-800 text-white shadow">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to={paths.home} className="text-xl font-bold tracking-tight focus:outline-2 focus:outline-white">
          {appName}
        </Link>
        <div className="relative" ref={menuRef}>
          <button
            ref={buttonRef}
            type="button"
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
            className="flex items-center gap-2 rounded-md px-3 py-1.5 hover:bg-green-700 focus:outline-2 focus:outline-white"
          >
            <span className="max-w-[12rem] truncate">{user.name}</span>
            <span aria-hidden="true">▾</span>
            <span className="sr-only">Open menu</span>
          </button>
          {open && (
            <div id={menuId} role="menu" className="absolute right-0 mt-2 w-56 overflow-hidden rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10">
              <button role="menuitem" type="button" className={`${itemClass} font-semibold`} onClick={() => go(paths.profile)}>
                {user.name}
              </button>
              {user.isAdmin && (
                <button role="menuitem" type="button" className={itemClass} onClick={() => go(paths.createEvent)}>
                  Create New Event
                </button>
              )}
              <button role="menuitem" type="button" className={itemClass} onClick={() => go(paths.yourEvents)}>
                Your Events
              </button>
              <button
                role="menuitem"
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
              >
                Log Out
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
