import { api } from "#web/lib/api.ts";

export type AuthenticationOutcome = "complete" | "fail";

/**
 * POST /api/payments/simulated/authenticate: the simulated bank's authentication page, standing in
 * for the 3-D Secure step Stripe.js runs. The registration is confirmed afterwards by the server.
 */
export function authenticateSimulated(clientSecret: string, outcome: AuthenticationOutcome) {
  return api<{ status: string }>("/api/payments/simulated/authenticate", { method: "POST", body: { clientSecret, outcome } });
}
