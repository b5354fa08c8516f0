import { describe, expect, it } from "vitest";
import { viewerDeviceFromCookieHeader, writeViewerDevice } from "./viewer-device.ts";

describe("the viewer's device cookie", () => {
  it("reads back what the web app writes, among other cookies", () => {
    const value = writeViewerDevice({ timeZone: "America/Argentina/Buenos_Aires", narrow: true });
    expect(viewerDeviceFromCookieHeader(`a=1; kickoff_view=${value}; b=2`)).toEqual({ timeZone: "America/Argentina/Buenos_Aires", narrow: true });
    expect(viewerDeviceFromCookieHeader(`kickoff_view=${writeViewerDevice({ timeZone: "Etc/GMT+5", narrow: false })}`)).toEqual({ timeZone: "Etc/GMT+5", narrow: false });
  });

  it("takes nothing it cannot trust: no cookie, an unknown zone, another shape, a broken escape", () => {
    for (const header of [undefined, "", "kickoff_lang=fr", "kickoff_view=Mars%2FOlympus%7Cn", "kickoff_view=UTC%7Cx", "kickoff_view=UTC", "kickoff_view=%E0%A4%A%7Cn", "kickoff_view=<script>%7Cn"]) {
      expect(viewerDeviceFromCookieHeader(header), String(header)).toBeUndefined();
    }
  });
});
