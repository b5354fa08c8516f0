import { describe, expect, it } from "vitest";
import { createTranslator } from "./translator.ts";

describe("createTranslator", () => {
  it("reads a message again once its area has arrived, though it was missing when first asked for", () => {
    const translator = createTranslator("en", ["en-US"]);
    expect(translator.translate("shell.title")).toBe("shell.title");
    translator.add({ "shell.title": "Kickoff" });
    expect(translator.translate("shell.title")).toBe("Kickoff");
    expect(translator.translate("shell.title")).toBe("Kickoff");
  });

  it("writes each message with values from its values, every time", () => {
    const translator = createTranslator("en", ["en-US"]);
    translator.add({ greeting: ["Hi ", ["name"]] });
    expect(translator.translate("greeting", { name: "Ann" })).toBe("Hi Ann");
    expect(translator.translate("greeting", { name: "Bob" })).toBe("Hi Bob");
  });
});
