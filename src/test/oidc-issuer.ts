import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

/** Who the issuer says is signing in: the ID token's claims (OpenID Connect's standard ones). */
export interface ProviderPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID Connect issuer on loopback (oauth2-mock-server): discovery, its keys, the
 * authorization endpoint (which answers at once, as a provider does once the person has consented)
 * and the token endpoint, whose ID token is signed for the client that asked and carries the nonce.
 * What the next sign-in does is set here: who signs in, or one of the failures a provider gives.
 */
export class OidcIssuer {
  private readonly issuer = new OAuth2Issuer();
  private readonly service = new OAuth2Service(this.issuer);
  // Our own HTTP server around the package's handler: stopping it closes kept-alive connections at
  // once (the package's own server waits for them to time out, 5 s each time).
  private readonly http: Server = createServer(this.service.requestHandler);
  private person: ProviderPerson | undefined;
  private otherAudience = false;

  async start(): Promise<this> {
    await this.issuer.keys.generate("RS256");
    await new Promise<void>((resolve) => this.http.listen(0, "127.0.0.1", resolve));
    this.issuer.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
    this.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      if (this.person) Object.assign(token.payload, this.person);
      // The ID token is the one with an audience (the access token has none here).
      if (this.otherAudience && token.payload.aud) {
        token.payload.aud = "another-client";
        this.otherAudience = false;
      }
    });
    return this;
  }

  /** The issuer's address, with its /.well-known/openid-configuration. */
  get url(): string {
    const url = this.issuer.url;
    if (!url) throw new Error("the issuer is not started");
    return url;
  }

  /** The next sign-ins are this person's. */
  signInAs(person: ProviderPerson): this {
    this.person = person;
    return this;
  }

  /** The next sign-in: the person refuses consent (the provider comes back with error=access_denied). */
  denyNext(): this {
    this.service.once("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      redirect.url.searchParams.set("error_description", "The user denied the request");
    });
    return this;
  }

  /** The next sign-in: the ID token is made for another client (its audience). */
  otherAudienceNext(): this {
    this.otherAudience = true;
    return this;
  }

  /** The next sign-in: the token endpoint refuses the code. */
  refuseCodeNext(): this {
    this.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.body = { error: "invalid_grant" };
      response.statusCode = 400;
    });
    return this;
  }

  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.http.close(resolve));
    this.http.closeAllConnections();
    await closed;
  }
}
