import { useContext, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { UNSAFE_NavigationContext, useLocation } from "react-router";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A whole path of the app ("/event/abc", paths.ts), with its query and fragment if it has them. */
  to: string;
  /** Given to the screen it opens (useLocation().state), as React Router's Link gives it. */
  state?: unknown;
  /** Replaces the current entry of the history instead of adding one; by default, when the link is to the page already shown. */
  replace?: boolean;
}

/**
 * React Router's `<Link>` for the links this app has, each to a whole path of its own: the same
 * element (`<a href data-discover>`), and a plain click moves within the app as its click does (the
 * same history entry, state and replacing); a click with a modifier key, another button or another
 * target is left to the browser.
 *
 * React Router's Link resolves its path against the matched routes and reads the navigation's state
 * through seven hooks on every render (useHref, useResolvedPath, useNavigate, which writes the route
 * matches as JSON, and more), to serve relative paths, prefetching, masks and view transitions that
 * no link here uses: 25 µs a link on the server, the home screen has twenty, and more on a phone
 * hydrating them (docs/server-rendering.md, "What a render costs"). This reads two contexts.
 * link.test.tsx checks that it renders what React Router's Link renders. Decision 051.
 */
export function Link({ to, state, replace, onClick, target, ...rest }: LinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    // As React Router does: a link to the page already shown replaces its entry rather than adding one.
    const here = `${location.pathname}${location.search}${location.hash}`;
    if (replace ?? here === to) navigator.replace(to, state);
    else navigator.push(to, state);
  };
  return <a {...rest} href={to} onClick={follow} target={target} data-discover="true" />;
}

/** React Router's own test: the main button, no modifier key, this tab. */
function isPlainClick(event: MouseEvent, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}
