import { isValidElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import type { Me } from "#shared/account.ts";
import type { PublicConfig } from "#shared/public-config.ts";
import { makeEvent } from "#test/web-fixtures.ts";
import { renderPage } from "#web/entry-server.tsx";
import type { ServerTransport } from "./api.ts";
import { renderElementsLean } from "./server-elements.ts";

const config: PublicConfig = {
  appName: "Kickoff",
  publicUrl: "https://kickoff.example",
  payments: { mode: "simulated", publishableKey: undefined, currency: "eur", feePercent: 2.9, feeFixedCents: 30 },
  mapTileUrl: "https://tiles.example/{z}/{x}/{y}.png",
  signInProviders: [{ id: "google", label: "Google" }],
  sessionIdleMs: 3_600_000,
  timeZone: "Europe/Paris",
};
const viewer: Me = {
  id: "user-ann",
  email: "ann@example.com",
  emailVerified: true,
  firstName: "Ann",
  lastName: "Lee",
  name: "Ann Lee",
  isAdmin: true,
  notifyNewEvents: true,
  language: null,
  hasPassword: true,
  signIns: [],
};
const game = makeEvent({ id: "game-1", title: "Sunday <5-a-side> & more" });

function api(user: Me | null): ServerTransport {
  const answers: Record<string, unknown> = {
    "/api/me": { user },
    "/api/config": config,
    "/api/events/game-1": { event: game },
    "/api/events/game-1/preview": { event: game },
    "/api/events?scope=upcoming": { events: [game, makeEvent({ id: "game-2", title: "Tuesday night" })] },
    "/api/me/registrations": { registrations: [] },
  };
  return async (path) => {
    if (!(path in answers)) throw new Error(`no answer for ${path}`);
    return { ok: true, status: 200, statusText: "OK", text: async () => JSON.stringify(answers[path]) };
  };
}

/** The screen's HTML, with its elements through preact/compat's hook or left as they are. */
async function screen(url: string, user: Me | null, lean: boolean): Promise<string> {
  renderElementsLean(lean);
  const rendered = await renderPage({ url, language: "en", device: { timeZone: "Europe/Paris", narrow: true }, timeZone: "Europe/Paris", transport: api(user) });
  return rendered!.html;
}

/** Each start tag's attributes in one order: compat writes a class attribute last, the render where it was given. */
function sortedAttributes(html: string): string {
  return html.replace(/<([a-z][a-z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_tag, name: string, attributes: string, close: string) => {
    const list = attributes.match(/[^\s=>/]+(?:="[^"]*")?/g) ?? [];
    return `<${name}${list.sort().map((attribute) => ` ${attribute}`).join("")}${close}>`;
  });
}

function both(element: () => ReactNode): [string, string] {
  renderElementsLean(false);
  const throughCompat = renderToString(element());
  renderElementsLean(true);
  return [throughCompat, renderToString(element())];
}

afterAll(() => renderElementsLean(true));

describe("elements left as they are where the server renders", () => {
  it.each([
    ["a game's page", "/event/game-1", viewer],
    ["home", "/", viewer],
    ["the login screen", "/", null],
    ["a shared game's login screen", "/event/game-1", null],
  ])("render %s as preact/compat's hook does, but for the place of class attributes", async (_label, url, user) => {
    const throughCompat = await screen(url, user, false);
    const lean = await screen(url, user, true);
    expect(lean.length).toBeGreaterThan(1000);
    expect(lean).not.toBe(throughCompat);
    expect(sortedAttributes(lean)).toBe(sortedAttributes(throughCompat));
  });

  it.each<[string, () => ReactNode]>([
    [
      "an SVG's camelCase attributes, on the svg itself too",
      () => (
        <svg viewBox="0 0 24 24" strokeWidth="2" fill="none" className="icon">
          <path d="M1 1" strokeLinecap="round" fillRule="evenodd" />
        </svg>
      ),
    ],
    ["form values", () => <form><input defaultValue="a" readOnly maxLength={3} autoComplete="off" /><textarea value="b" onChange={() => {}} /><input type="checkbox" defaultChecked /></form>],
    ["a select's value", () => <select value="b" onChange={() => {}}><option value="a">A</option><option value="b">B</option></select>],
    ["a style's numbers", () => <div style={{ height: 10, flexGrow: 1, opacity: 0.5, width: "50%" }} />],
    ["download and translate", () => <p><a href="/x.ics" download>x</a><span translate="no">Kickoff</span></p>],
    ["names the render lowers or renames", () => <label htmlFor="x" tabIndex={0} accessKey="k">x</label>],
    // Not typed by React's JSX, but given by some libraries' spreads.
    ["class and className both", () => <div {...{ class: "given", className: "react" }} />],
    ["an empty class, a null and a false", () => <div className="" title={undefined} hidden={false} data-x={null} />],
    ["event handlers", () => <button type="button" onClick={() => {}} onDoubleClick={() => {}}>go</button>],
    ["a custom element", () => <my-element fillOpacity="1" className="c" />],
    ["HTML set inside", () => <div dangerouslySetInnerHTML={{ __html: "<b>x</b>" }} />],
  ])("writes %s as compat's hook does", (_label, element) => {
    const [throughCompat, lean] = both(element);
    expect(sortedAttributes(lean)).toBe(sortedAttributes(throughCompat));
  });

  it("still marks each element as React's", () => {
    renderElementsLean(true);
    expect(isValidElement(<div className="x" />)).toBe(true);
  });
});

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX's own namespace, for the custom element above
  namespace JSX {
    interface IntrinsicElements {
      "my-element": { fillOpacity?: string; className?: string };
    }
  }
}
