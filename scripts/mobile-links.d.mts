export const SCHEME: string;
export const LINK_PATH_PREFIX: string;
export function linkHost(publicUrl: string): string;
export function androidManifest(manifest: string, host: string): string;
export function iosEntitlements(host: string): string;
export function iosInfoPlist(plist: string, appId: string): string;
export function iosProject(pbxproj: string): string;
export function writeMobileLinks(root: string, publicUrl: string): string;
