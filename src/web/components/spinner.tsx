export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-green-600 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center text-lg text-slate-600" role="status">
      Loading...
    </div>
  );
}
