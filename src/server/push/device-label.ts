/**
 * "Chrome on Android": how the profile names a device, from its User-Agent (a name, never a
 * fingerprint: only the browser's family and the system's).
 */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /(Chrome|Chromium|CriOS)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(agent)
          ? "macOS"
          : /Linux|X11/.test(agent)
            ? "Linux"
            : null;
  return system ? `${browser} · ${system}` : browser;
}
