import { ButtonLink, Card } from "../components/form.tsx";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function ConfirmationScreen() {
  useDocumentTitle("Payment Successful!");
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="text-center">
        <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment Successful!</h1>
        <p className="mt-3 text-slate-700">Your spot has been confirmed. You'll receive a confirmation email shortly.</p>
        <ButtonLink to={paths.home} className="mt-6 w-full">
          Back to Events
        </ButtonLink>
      </Card>
    </div>
  );
}
