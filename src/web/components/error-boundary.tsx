import { Component, type ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";

/** Shown instead of a blank page when a screen fails to load or render. */
export class ErrorBoundary extends Component<{ children: ReactNode; onFailed?: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onFailed?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-md p-8 text-center" role="alert">
        <h1 className="mb-2 text-2xl font-bold">{t("shell.failed.title")}</h1>
        <p className="mb-6 text-slate-600">{t("shell.failed.text")}</p>
        <a className="font-semibold text-green-800 underline" href="/">
          {t("shell.backToEvents")}
        </a>
      </div>
    );
  }
}
