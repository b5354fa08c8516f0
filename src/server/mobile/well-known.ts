import { Hono } from "hono";
import { MOBILE_APP_ID, MOBILE_LINK_PATH_PREFIX } from "#shared/mobile.ts";
import type { Config } from "#server/config.ts";

/**
 * The files that let game links (`PUBLIC_URL/event/…`) open the mobile app: Android's Digital Asset
 * Links and Apple's app-site-association. Each is served only when configured (ANDROID_CERT_SHA256,
 * IOS_TEAM_ID); otherwise 404, and never the web app's HTML (a verifier would reject the domain).
 */
export function wellKnownRoutes(config: Pick<Config, "mobile">) {
  const app = new Hono();
  const { androidCertSha256, iosTeamId } = config.mobile;

  app.get("/assetlinks.json", (c) => {
    if (androidCertSha256.length === 0) return c.text("Not found", 404);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: { namespace: "android_app", package_name: MOBILE_APP_ID, sha256_cert_fingerprints: androidCertSha256 },
      },
    ]);
  });

  // Apple fetches it without an extension and requires application/json.
  app.get("/apple-app-site-association", (c) => {
    if (!iosTeamId) return c.text("Not found", 404);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({
      applinks: {
        details: [{ appIDs: [`${iosTeamId}.${MOBILE_APP_ID}`], components: [{ "/": `${MOBILE_LINK_PATH_PREFIX}*` }] }],
      },
    });
  });

  app.all("*", (c) => c.text("Not found", 404));
  return app;
}
