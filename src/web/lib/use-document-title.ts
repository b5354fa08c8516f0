import { useEffect } from "react";
import { useConfig } from "./config.ts";
import { serverRender } from "./server-render.ts";

/**
 * Names the browser tab after the screen: "Your Events · Kickoff", or the product name alone. The
 * server titles a shared /event/{id} page the same way, and screen readers read it on navigation.
 */
export function useDocumentTitle(screen?: string) {
  const appName = useConfig().data?.appName ?? "Kickoff";
  const title = screen ? `${screen} · ${appName}` : appName;
  // Rendered on the server, the page's <title> is the one the screen gives (docs/server-rendering.md).
  const rendering = typeof document === "undefined" ? serverRender() : undefined;
  if (rendering) rendering.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
