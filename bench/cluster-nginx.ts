// nginx for bench:cluster: the configuration of deploy/nginx rendered for this run's instances, checked
// with `nginx -t`, and nginx run in the foreground as a child (never the system's service). Its access
// log says which instance answered each request, and whether nginx answered for it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEBIAN_BROTLI_STATIC, renderMain, renderSite } from "../deploy/nginx/render.ts";
import { pause } from "./storm-http.ts";

const READY_TIMEOUT_MS = 10_000;

export interface Nginx {
  readonly origin: string;
  readonly accessLog: string;
  /** `nginx -t`'s verdict on the rendered configuration. */
  readonly configTest: string;
  readonly brotli: boolean;
  pid(): number;
  stop(): Promise<void>;
}

/** Every nginx started here and not yet exited, for the emergency stop. */
const live = new Set<ChildProcess>();

export function killStartedNginx(): void {
  for (const child of live) child.kill("SIGKILL");
}

/** The nginx binary, or why there is none. */
export function nginxProblem(): string | null {
  const found = spawnSync("nginx", ["-v"], { encoding: "utf8" });
  if (found.error) return `nginx is not installed (${found.error.message}); on Debian: apt-get install -y nginx libnginx-mod-http-brotli-static`;
  return null;
}

export async function startNginx(options: {
  dir: string;
  port: number;
  instances: string[];
  webRoot: string;
  securityHeaders: [string, string][];
}): Promise<Nginx> {
  const logDir = join(options.dir, "logs");
  const runDir = join(options.dir, "run");
  mkdirSync(logDir, { recursive: true });
  mkdirSync(runDir, { recursive: true });
  const brotliModule = existsSync(DEBIAN_BROTLI_STATIC) ? DEBIAN_BROTLI_STATIC : undefined;
  const siteFile = join(options.dir, "kickoff.conf");
  const mainFile = join(options.dir, "nginx.conf");
  writeFileSync(
    siteFile,
    renderSite({ listen: `127.0.0.1:${options.port}`, instances: options.instances, webRoot: options.webRoot, logDir, securityHeaders: options.securityHeaders, brotliModule }),
  );
  writeFileSync(mainFile, renderMain({ siteFile, logDir, runDir, brotliModule }));

  const args = ["-c", mainFile, "-p", options.dir, "-g", "daemon off;"];
  const test = spawnSync("nginx", ["-t", ...args], { encoding: "utf8" });
  const configTest = `${test.stdout}${test.stderr}`.trim();
  if (test.status !== 0) throw new Error(`nginx -t refused the rendered configuration (${mainFile}):\n${configTest}`);

  const child = spawn("nginx", args, { stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  child.once("exit", () => live.delete(child));
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}) at start: ${output.trim()}`);
    const up = await fetch(`${origin}/assets/`).then(
      (response) => response.status === 404,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer within ${READY_TIMEOUT_MS / 1000} s: ${output.trim()}`);
    await pause(100);
  }

  return {
    origin,
    accessLog: join(logDir, "kickoff-access.log"),
    configTest,
    brotli: Boolean(brotliModule),
    pid: () => child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // SIGQUIT: nginx's graceful stop.
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One line of the access log (log_format kickoff in deploy/nginx/kickoff-site.conf.template). */
export interface LogEntry {
  at: Date;
  client: string;
  method: string;
  path: string;
  status: number;
  /** Every instance tried, in order (more than one: the first could not be reached). */
  upstreams: string[];
  upstreamStatuses: string[];
  /** "-" where that instance sent no answer header. */
  headerTimes: string[];
}

const LINE =
  /^(\S+) (\S+) "(\S+) (\S+)" (\d{3}) \d+ \S+ upstream=(.*) upstream_status=(.*) upstream_header_time=(.*) request_id=\S+$/;

export function readAccessLog(file: string): LogEntry[] {
  if (!existsSync(file)) return [];
  const entries: LogEntry[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const list = (value: string) => value.split(/, | : /).map((item) => item.trim());
    // "-" as the whole address list: no instance was asked (a file from disk). In the other lists a
    // "-" is one instance's entry: it sent no status or no header.
    const upstreams = match[6] === "-" ? [] : list(match[6]!);
    entries.push({
      at: new Date(match[1]!),
      client: match[2]!,
      method: match[3]!,
      path: match[4]!,
      status: Number(match[5]),
      upstreams,
      upstreamStatuses: upstreams.length ? list(match[7]!) : [],
      headerTimes: upstreams.length ? list(match[8]!) : [],
    });
  }
  return entries;
}

/** The instance whose answer (or whose silence) the client got: the last one tried. */
export const answeredBy = (entry: LogEntry): string | undefined => entry.upstreams.at(-1);

/** nginx answered for the instance: it sent no answer header (refused, reset, timed out). */
export const nginxAnswered = (entry: LogEntry): boolean => entry.upstreams.length > 0 && entry.headerTimes.at(-1) === "-";
