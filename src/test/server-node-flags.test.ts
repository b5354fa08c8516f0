import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "#scripts/server-node-flags.mjs";

describe("the server's Node flags (scripts/server-node-flags.mjs)", () => {
  it("are the systemd unit's too, which cannot import them", () => {
    const unit = readFileSync(new URL("../../deploy/systemd/kickoff@.service", import.meta.url), "utf8");
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1]?.split(" ") ?? [];
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    // Before the script: after it they would be the server's own arguments, not Node's.
    const script = execStart.indexOf("src/server/main.ts");
    for (const flag of SERVER_NODE_FLAGS) {
      expect(execStart).toContain(flag);
      expect(execStart.indexOf(flag)).toBeLessThan(script);
    }
  });
});
