import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { OrDivider } from "../components/auth-links.tsx";
import { Button, Card, FormMessage, TextField } from "../components/form.tsx";
import { NewPasswordFields } from "../components/new-password-fields.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { api, errorMessage } from "../lib/api.ts";
import { useConfig } from "../lib/config.ts";
import { paths } from "../lib/paths.ts";
import { rememberPendingEmail } from "../lib/pending-email.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function RegisterScreen() {
  useDocumentTitle("Register");
  const config = useConfig();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const mismatch = error === "Passwords do not match";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    if (password !== confirmPassword) {
      setError("Passwords do not match");
      return;
    }
    const first = firstName.trim();
    const last = lastName.trim();
    const address = email.trim();
    setBusy(true);
    try {
      await api("/api/auth/sign-up/email", {
        body: { email: address, password, name: `${first} ${last}`, firstName: first, lastName: last, callbackURL: "/" },
      });
      rememberPendingEmail(address);
      navigate(paths.verifyEmail);
    } catch (caught) {
      setError(`Registration failed: ${errorMessage(caught)}`);
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="text-center">
        <p className="text-2xl font-extrabold tracking-tight text-green-800">{config.data?.appName ?? "Kickoff"}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Create your account</h1>
        <p className="mt-2 text-slate-600">Join pick-up games near you in a few taps.</p>
      </div>
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <TextField label="Last name" autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </div>
          <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <NewPasswordFields
            labels={["Password", "Confirm password"]}
            password={password}
            confirm={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirmPassword}
            mismatch={mismatch}
          />
          <FormMessage kind="error">{error}</FormMessage>
          <Button type="submit" disabled={busy}>
            {busy ? "Registering..." : "Register"}
          </Button>
        </form>
        <OrDivider />
        <GoogleButton onError={(message) => setError(message)} />
        <p className="mt-6 text-center text-sm">
          Already have an account?{" "}
          <Link to={paths.home} className="font-semibold text-green-800 underline">
            Log in
          </Link>
        </p>
      </Card>
      <p className="text-center text-xs text-slate-500">
        By registering you agree to how we handle your data, as described in our{" "}
        <Link to={paths.privacy} className="underline hover:text-green-800">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
