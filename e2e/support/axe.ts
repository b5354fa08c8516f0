import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { closeNotice } from "./notice.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Fails on any WCAG A/AA violation axe-core finds on the current screen, or only inside `scope` (a
 * dialog, say). A whole-screen check first closes the notification banner, whose fade-out would be
 * read as low contrast.
 */
export async function expectNoAxeViolations(page: Page, scope?: Locator) {
  if (!scope) await closeNotice(page);
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy forbids inline scripts.
  await page.evaluate(axeSource);
  const element = scope ? await scope.elementHandle() : null;
  const violations = await page.evaluate(async (context) => {
    type AxeResult = { violations: { id: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    // Parts with `content-visibility: auto` (home's cards) are drawn while axe reads them: one not yet
    // drawn (off screen, or not yet found near it) gives axe no colours to read, and it reported a
    // contrast failure for text whose contrast is fine (axe-core issue 2768; a CI run, 2026-12-01).
    // Set through the CSSOM, which the Content-Security-Policy allows; put back afterwards.
    const skippable = [...document.querySelectorAll<HTMLElement>("*")].filter((node) => getComputedStyle(node).contentVisibility === "auto");
    for (const node of skippable) node.style.contentVisibility = "visible";
    try {
      const result = await axe.run(context ?? document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(" ")}`);
    } finally {
      for (const node of skippable) node.style.contentVisibility = "";
    }
  }, element);
  expect(violations).toEqual([]);
}
