import type { createApp } from "#server/app.ts";

/**
 * A person using the app during the demo's seeding: requests go through the real HTTP app
 * (app.request, no socket), with the session cookie kept and the Origin header better-auth checks.
 * Any answer other than the one expected stops the seeding with what the app said.
 */
export class DemoClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: ReturnType<typeof createApp>,
    private readonly origin: string,
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, expected: number[] = [200, 201]): Promise<T> {
    const response = await this.app.request(`${this.origin}${path}`, {
      method,
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`demo seed: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}
