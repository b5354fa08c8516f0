import { useEffect } from "react";
import { useConfig } from "./config.ts";

/**
 * Names the browser tab after the screen: "Your Events · Kickoff", or the product name alone. The
 * server titles a shared /event/{id} page the same way, and screen readers read it on navigation.
 */
export function useDocumentTitle(screen?: string) {
  const appName = useConfig().data?.appName ?? "Kickoff";
  useEffect(() => {
    document.title = screen ? `${screen} · ${appName}` : appName;
  }, [screen, appName]);
}
