import type { BetterAuthPlugin } from "better-auth";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { splitDisplayName } from "#shared/account.ts";
import type { SignInProvider } from "#server/config.ts";

/**
 * How long better-auth's start waits for the providers' discovery documents. The plugin reads them
 * as better-auth starts, without a time limit, and every API request waits for that start (the
 * session middleware reads better-auth's cookie name): an issuer that takes the connection and never
 * answers would hold the whole API. Past this, the providers start "pending", as after a failed
 * discovery: read again at the next sign-in, within the plugin's own 10 s (docs/decisions/044-sign-in-with-openid-connect.md).
 */
export const DISCOVERY_WAIT_MS = 5_000;

/** Google and OIDC_ISSUER, one path: better-auth's generic OAuth plugin, its start bounded. */
export function openIdProviders(providers: SignInProvider[], discoveryWaitMs = DISCOVERY_WAIT_MS): BetterAuthPlugin {
  const configs = providers.map(openIdProvider);
  const plugin = genericOAuth({ config: configs });
  const init = plugin.init;
  return {
    ...plugin,
    init: async (ctx) => {
      let timer: NodeJS.Timeout | undefined;
      // The plugin's own shape for providers whose discovery failed (better-auth 1.7.25,
      // plugins/generic-oauth: genericOAuthPendingDiscovery), which its before-hook retries.
      const pending = new Promise<Awaited<ReturnType<typeof init>>>((resolve) => {
        timer = setTimeout(() => {
          console.error(`The sign-in providers' OpenID configuration did not arrive within ${discoveryWaitMs} ms: read again at the next sign-in.`);
          resolve({ context: { socialProviders: ctx.socialProviders, genericOAuthPendingDiscovery: new Map(configs.map((config) => [config.providerId, config])) } });
        }, discoveryWaitMs);
      });
      try {
        return await Promise.race([init(ctx), pending]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A configured provider as better-auth's generic OAuth plugin takes it. */
function openIdProvider(provider: SignInProvider): GenericOAuthConfig {
  return {
    providerId: provider.id,
    name: provider.label,
    discoveryUrl: `${provider.issuer}/.well-known/openid-configuration`,
    // Without the issuer's keys no sign-in is accepted: the ID token's signature, issuer and audience
    // are what refuse a token made for another client. Discovery that fails at start is tried again
    // at the next sign-in (the plugin keeps the provider pending).
    requireIdTokenVerification: true,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    // The profile is created on first sign-in with the provider's name, the display name split on a
    // space when the provider gives no given and family names (docs/product-rules.md, "Accounts, profile and roles").
    mapProfileToUser: (profile) => {
      const name = typeof profile.name === "string" ? profile.name : "";
      const split = splitDisplayName(name);
      const given = typeof profile.given_name === "string" ? profile.given_name.trim() : "";
      const family = typeof profile.family_name === "string" ? profile.family_name.trim() : "";
      const firstName = given || split.firstName;
      const lastName = family || split.lastName;
      return { firstName, lastName, name: name.trim() || [firstName, lastName].filter(Boolean).join(" ") };
    },
  };
}
