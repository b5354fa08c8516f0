import { Suspense, lazy } from "react";

const LanguageSwitchScreen = lazy(() => import("./language-switch.tsx"));

/** The language switch, fetched after the screen it sits under (the initial JavaScript's budget). */
export function LanguageSwitch({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <LanguageSwitchScreen className={className} />
    </Suspense>
  );
}
