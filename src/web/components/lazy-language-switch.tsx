import { Suspense, lazy, useState, type ComponentType } from "react";

type Switch = ComponentType<{ className?: string }>;
let loaded: Switch | undefined;
const load = () =>
  import("./language-switch.tsx").then((module) => {
    loaded = module.default;
    return module;
  });
const LanguageSwitchScreen = lazy(load);

/**
 * Fetches the switch's code ahead: the server renders the switch with it (docs/server-rendering.md);
 * a browser hydrating that HTML keeps it as it is until its own copy of the code arrives.
 */
export const preloadLanguageSwitch = (): Promise<unknown> => (loaded ? Promise.resolve() : load());

/** The language switch, fetched after the screen it sits under (the initial JavaScript's budget). */
export function LanguageSwitch({ className }: { className?: string }) {
  const [Loaded] = useState(() => loaded);
  return <Suspense fallback={null}>{Loaded ? <Loaded className={className} /> : <LanguageSwitchScreen className={className} />}</Suspense>;
}
