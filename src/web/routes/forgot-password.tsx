import { useState, type FormEvent } from "react";
import { BackToLogin } from "../components/auth-links.tsx";
import { Button, Card, FormMessage, TextField } from "../components/form.tsx";
import { api, errorMessage } from "../lib/api.ts";
import { useConfig } from "../lib/config.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function ForgotPasswordScreen() {
  useDocumentTitle("Forgot Password");
  const appName = useConfig().data?.appName ?? "Kickoff";
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const address = email.trim();
    if (!address) {
      setResult({ kind: "error", text: "Please enter your email address." });
      return;
    }
    setBusy(true);
    try {
      await api("/api/auth/request-password-reset", { body: { email: address, redirectTo: paths.resetPassword } });
      setResult({ kind: "success", text: "Password reset email sent. Please check your inbox." });
    } catch (caught) {
      setResult({ kind: "error", text: `Failed to send password reset email: ${errorMessage(caught)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <p className="text-center text-2xl font-extrabold tracking-tight text-green-800">{appName}</p>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Forgot your password?</h1>
        <p className="mt-2 text-slate-600">Enter the email address of your account and we will send you a link to choose a new password.</p>
        {/* noValidate: the empty-field message is the original product's (docs/product-rules.md, "Validation"), not the browser's. */}
        <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={result?.text === "Please enter your email address." || undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormMessage kind={result?.kind ?? "success"}>{result?.text}</FormMessage>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
        <BackToLogin />
      </Card>
    </div>
  );
}
