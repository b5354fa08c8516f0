// Writes the links that open the mobile app into the native projects: Android App Links (an
// intent filter with autoVerify for https://<PUBLIC_URL host>/event/) and iOS Universal Links (the
// Associated Domains entitlement), plus the custom scheme kickoff://event/<id> on both for when the
// links are not verified, and kickoff://auth/… by which a provider's sign-in in the system browser
// comes back to the app (docs/decisions/045-provider-sign-in-in-the-mobile-app.md). And the host
// the app's web view serves its pages at, app.<PUBLIC_URL host> (capacitor.config.json's
// server.hostname), so that the app and the API are one site and the session cookie stays
// SameSite=Lax (docs/decisions/016-mobile-app-on-the-site.md).
// Run by `npm run mobile:sync`; idempotent (it replaces what it wrote before).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SCHEME = "kickoff";
export const LINK_PATH_PREFIX = "/event/";
/** kickoff://auth/…: a provider's sign-in in the system browser comes back to the app (src/shared/mobile.ts, MOBILE_SIGN_IN_LINK). */
export const SIGN_IN_HOST = "auth";
const BEGIN = "<!-- kickoff:links begin (scripts/mobile-links.mjs) -->";
const END = "<!-- kickoff:links end -->";

/** The host of PUBLIC_URL, which must be https for verified links, and a domain name (the app's host is a subdomain of it). */
export function linkHost(publicUrl) {
  const url = new URL(publicUrl);
  if (url.protocol !== "https:") throw new Error(`PUBLIC_URL must be https:// for App Links and Universal Links (got ${publicUrl})`);
  if (/^[\d.]+$|^\[/.test(url.hostname)) throw new Error(`PUBLIC_URL must have a domain name, not an address: the app is served at a subdomain of it (got ${publicUrl})`);
  return url.host;
}

/** The app's own host: src/shared/mobile.ts's mobileAppHost, which the server trusts (the test compares them). */
export function appHost(publicUrl) {
  return `app.${new URL(publicUrl).hostname}`;
}

/** capacitor.config.json with server.hostname set to the app's host; every other setting kept. */
export function capacitorConfig(text, publicUrl) {
  const config = JSON.parse(text);
  config.server = { ...config.server, hostname: appHost(publicUrl) };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function replaceBlock(text, block, anchor) {
  const start = text.indexOf(BEGIN);
  if (start !== -1) {
    const end = text.indexOf(END, start) + END.length;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    return text.slice(0, lineStart) + block + text.slice(end);
  }
  const at = text.indexOf(anchor);
  if (at === -1) throw new Error(`anchor not found: ${anchor}`);
  return text.slice(0, at) + block + "\n" + text.slice(at);
}

export function androidManifest(manifest, host) {
  const block = `            ${BEGIN}
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="${host}" android:pathPrefix="${LINK_PATH_PREFIX}" />
            </intent-filter>
            <intent-filter>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="${SCHEME}" android:host="event" />
                <data android:scheme="${SCHEME}" android:host="${SIGN_IN_HOST}" />
            </intent-filter>
            ${END}`;
  return replaceBlock(manifest, block, "        </activity>");
}

export function iosEntitlements(host) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>aps-environment</key>
	<string>development</string>
	<key>com.apple.developer.associated-domains</key>
	<array>
		<string>applinks:${host}</string>
	</array>
</dict>
</plist>
`;
}

export function iosInfoPlist(plist, appId) {
  const block = `	${BEGIN}
	<key>CFBundleURLTypes</key>
	<array>
		<dict>
			<key>CFBundleURLName</key>
			<string>${appId}</string>
			<key>CFBundleURLSchemes</key>
			<array>
				<string>${SCHEME}</string>
			</array>
		</dict>
	</array>
	${END}`;
  return replaceBlock(plist, block, "\t<key>CFBundleDevelopmentRegion</key>");
}

/** Points the App target's Debug and Release builds at App/App.entitlements. */
export function iosProject(pbxproj) {
  if (pbxproj.includes("CODE_SIGN_ENTITLEMENTS")) return pbxproj;
  return pbxproj.replaceAll("\t\t\t\tINFOPLIST_FILE = App/Info.plist;", "\t\t\t\tCODE_SIGN_ENTITLEMENTS = App/App.entitlements;\n\t\t\t\tINFOPLIST_FILE = App/Info.plist;");
}

/** Applies all of it to the projects under `root` (the repository). */
export function writeMobileLinks(root, publicUrl) {
  const host = linkHost(publicUrl);
  const { appId } = JSON.parse(readFileSync(join(root, "capacitor.config.json"), "utf8"));
  const update = (path, change) => {
    const file = join(root, path);
    writeFileSync(file, change(readFileSync(file, "utf8")));
  };
  update("android/app/src/main/AndroidManifest.xml", (text) => androidManifest(text, host));
  update("ios/App/App/Info.plist", (text) => iosInfoPlist(text, appId));
  update("ios/App/App.xcodeproj/project.pbxproj", iosProject);
  update("capacitor.config.json", (text) => capacitorConfig(text, publicUrl));
  writeFileSync(join(root, "ios/App/App/App.entitlements"), iosEntitlements(host));
  return host;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const publicUrl = process.env.PUBLIC_URL;
  if (!publicUrl) {
    console.error("Set PUBLIC_URL (https://your.host) to write the links that open the app.");
    process.exit(1);
  }
  const host = writeMobileLinks(new URL("..", import.meta.url).pathname, publicUrl);
  console.log(`App Links and Universal Links for https://${host}${LINK_PATH_PREFIX}…, custom scheme ${SCHEME}://event/<id>, the app at ${appHost(publicUrl)}`);
}
