import { describe, expect, it } from "vitest";
import { displayName, nameSchema, splitDisplayName } from "./account.ts";
import { english } from "#test/shared-english.ts";

describe("names", () => {
  it("joins first and last name into the display name", () => {
    expect(displayName(" Ann ", "Lee")).toBe("Ann Lee");
    expect(displayName("Ann", "")).toBe("Ann");
  });

  it("splits a Google display name on the first space", () => {
    expect(splitDisplayName("Maria da Silva")).toEqual({ firstName: "Maria", lastName: "da Silva" });
    expect(splitDisplayName("Pelé")).toEqual({ firstName: "Pelé", lastName: "" });
    expect(splitDisplayName(null)).toEqual({ firstName: "", lastName: "" });
  });

  it("requires both names", () => {
    expect(english(nameSchema.safeParse({ firstName: "Ann", lastName: " " }).error?.issues[0]?.message ?? "")).toBe("Last name is required");
    expect(nameSchema.parse({ firstName: " Ann ", lastName: "Lee" })).toEqual({ firstName: "Ann", lastName: "Lee" });
  });
});
