import { useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { Me } from "#shared/account.ts";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";

/** Where the focus goes when the menu opens: its first item, or its last one (ArrowUp on the button). */
export type OpenFocus = "first" | "last";

/**
 * The user's menu, open (header.tsx holds the button): a WAI-ARIA menu that takes the focus when it
 * opens; arrow keys, Home and End move it; Tab closes it and goes on from the button. Its own chunk,
 * fetched once the header is on screen: the home page's first script has a budget.
 */
export default function HeaderMenu({
  id,
  user,
  focus,
  onGo,
  onLogout,
  onTabAway,
}: {
  id: string;
  user: Me;
  focus: OpenFocus;
  onGo: (to: string) => void;
  onLogout: () => void;
  onTabAway: () => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    const list = items();
    (focus === "first" ? list[0] : list[list.length - 1])?.focus();
  }, [focus]);

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
    else if (event.key === "Tab") onTabAway();
  };

  const itemClass = "block w-full px-4 py-2 text-left text-slate-800 hover:bg-green-50 focus:bg-green-50 focus:outline-none";
  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-label={user.name}
      onKeyDown={onMenuKeyDown}
      className="absolute right-0 mt-2 w-56 max-w-[calc(100vw-2rem)] overflow-hidden rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10"
    >
      <button role="menuitem" tabIndex={-1} type="button" className={`${itemClass} font-semibold`} onClick={() => onGo(paths.profile)}>
        <span className="block truncate" title={user.name}>
          {user.name}
        </span>
      </button>
      {user.isAdmin && (
        <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => onGo(paths.createEvent)}>
          {t("shell.header.createEvent")}
        </button>
      )}
      {user.isAdmin && (
        <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => onGo(paths.console)}>
          {t("shell.header.console")}
        </button>
      )}
      <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => onGo(paths.yourEvents)}>
        {t("shell.header.yourEvents")}
      </button>
      <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={onLogout}>
        {t("shell.header.logOut")}
      </button>
    </div>
  );
}
