// Fills in the templates beside it (README, "Behind nginx"; decision 027): kickoff-site.conf.template,
// the http-context part (upstream, server), and nginx.conf.template, the main context around it for an
// nginx run on its own (bench/cluster.ts). The security headers (CSP and the rest) are copied from a
// running instance's answer, so the files nginx serves carry exactly what the app would have sent with
// its configuration (Stripe mode and the map tiles change the CSP). From the command line, the site file:
//
//   node --import tsx deploy/nginx/render.ts --listen 80 --instance 127.0.0.1:3001 --instance 127.0.0.1:3002 \
//     --web-root /srv/kickoff/dist/web --headers-from http://127.0.0.1:3001 > /etc/nginx/conf.d/kickoff.conf
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const SITE_TEMPLATE = new URL("kickoff-site.conf.template", import.meta.url);
const MAIN_TEMPLATE = new URL("nginx.conf.template", import.meta.url);
/** Where Debian's libnginx-mod-http-brotli-static puts its module. */
export const DEBIAN_BROTLI_STATIC = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

export interface NginxSettings {
  /** What nginx listens on: "80", "127.0.0.1:8080". */
  listen: string;
  serverName?: string;
  /** Each instance's host:port. */
  instances: string[];
  /** The build's dist/web, the folder the instances serve too. */
  webRoot: string;
  logDir: string;
  /** Header name and value, as the app sends them. */
  securityHeaders: [string, string][];
  /** The brotli_static module's file; unset: only gzip_static. */
  brotliModule?: string;
  maxFails?: number;
  failTimeoutSeconds?: number;
}

/**
 * Headers an answer of the app carries that are about the answer itself or the connection, not
 * security: never copied (nginx writes its own).
 */
const NOT_SECURITY = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "transfer-encoding",
  "vary",
]);

/** The http-context part: log format, upstream, server (Debian: /etc/nginx/conf.d/kickoff.conf). */
export function renderSite(settings: NginxSettings): string {
  if (settings.instances.length === 0) throw new Error("at least one instance is needed");
  const maxFails = settings.maxFails ?? 2;
  const failTimeout = `${settings.failTimeoutSeconds ?? 10}s`;
  return fill(SITE_TEMPLATE, {
    LOG_DIR: settings.logDir,
    MAX_FAILS: String(maxFails),
    FAIL_TIMEOUT: failTimeout,
    UPSTREAM_SERVERS: settings.instances.map((instance) => `  server ${instance} max_fails=${maxFails} fail_timeout=${failTimeout};`).join("\n"),
    LISTEN: settings.listen,
    SERVER_NAME: settings.serverName ?? "_",
    WEB_ROOT: settings.webRoot,
    BROTLI_STATIC: settings.brotliModule ? "brotli_static on;" : "",
    SECURITY_HEADERS: settings.securityHeaders.map(([name, value]) => `    add_header ${name} ${quote(value)} always;`).join("\n"),
  });
}

/** The main context for an nginx of its own, including the site file at `siteFile`. */
export function renderMain(options: { siteFile: string; logDir: string; runDir: string; brotliModule?: string }): string {
  return fill(MAIN_TEMPLATE, {
    LOAD_MODULES: options.brotliModule ? `load_module ${options.brotliModule};` : "# (no brotli_static module: gzip_static only)",
    RUN_DIR: options.runDir,
    LOG_DIR: options.logDir,
    SITE_FILE: options.siteFile,
  });
}

function fill(template: URL, values: Record<string, string>): string {
  return readFileSync(template, "utf8").replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template.pathname} names {{${name}}}, which render.ts does not fill`);
    return value;
  });
}

/** The security headers a running instance sends (on /healthz, which every instance answers). */
export async function securityHeadersOf(origin: string): Promise<[string, string][]> {
  const response = await fetch(`${origin}/healthz`).catch((error: unknown) => {
    throw new Error(`could not read the app's headers from ${origin}/healthz (is an instance running there?): ${error instanceof Error ? error.message : String(error)}`);
  });
  await response.body?.cancel();
  const headers = [...response.headers].filter(([name]) => !NOT_SECURITY.has(name.toLowerCase()));
  if (!headers.some(([name]) => name.toLowerCase() === "content-security-policy")) {
    throw new Error(`${origin}/healthz answered without a Content-Security-Policy: is it the app?`);
  }
  return headers;
}

/** A value in nginx's double quotes. */
function quote(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`a header value with a line break cannot be written: ${value}`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

async function cli() {
  const { values } = parseArgs({
    options: {
      listen: { type: "string", default: "80" },
      "server-name": { type: "string", default: "_" },
      instance: { type: "string", multiple: true },
      "web-root": { type: "string" },
      "headers-from": { type: "string" },
      "log-dir": { type: "string", default: "/var/log/nginx" },
      brotli: { type: "string", default: "auto" },
    },
  });
  const missing = (["instance", "web-root", "headers-from"] as const).filter((name) => !values[name]);
  if (missing.length) {
    console.error(`render.ts: missing ${missing.map((name) => `--${name}`).join(", ")} (see the comment at the top of deploy/nginx/render.ts)`);
    process.exit(2);
  }
  const brotliModule = values.brotli === "auto" ? (existsSync(DEBIAN_BROTLI_STATIC) ? DEBIAN_BROTLI_STATIC : undefined) : values.brotli === "off" ? undefined : values.brotli;
  process.stdout.write(
    renderSite({
      listen: values.listen,
      serverName: values["server-name"],
      instances: values.instance!,
      webRoot: values["web-root"]!,
      logDir: values["log-dir"],
      securityHeaders: await securityHeadersOf(values["headers-from"]!),
      brotliModule,
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cli().catch((error: unknown) => {
    console.error("render.ts:", error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
