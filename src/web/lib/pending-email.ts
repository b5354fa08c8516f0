/** The address waiting for verification, so /verify-email can resend without a session. */
const KEY = "kickoff.pendingEmail";

export function rememberPendingEmail(email: string) {
  sessionStorage.setItem(KEY, email);
}

export function pendingEmail(): string | null {
  return sessionStorage.getItem(KEY);
}
