import { Component, type ReactNode } from "react";

/** Shown instead of a blank page when a screen fails to load or render. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-md p-8 text-center" role="alert">
        <h1 className="mb-2 text-2xl font-bold">Something went wrong</h1>
        <p className="mb-6 text-slate-600">An unexpected error occurred. Please reload the page and try again.</p>
        <a className="font-semibold text-green-800 underline" href="/">
          Back to Events
        </a>
      </div>
    );
  }
}
