// bench:cluster's app: three instances of `src/server/main.ts` (as bench:storm starts one) on one
// PostgreSQL, behind nginx configured by deploy/nginx. To the storm it looks like one app at nginx's
// address (the App of storm-app.ts): a kill -9 hits one instance (the "victim") and restarts it while
// nginx sends the traffic to the other two; a restart with other faults restarts them one at a time.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { securityHeadersOf } from "../deploy/nginx/render.ts";
import { type Nginx, startNginx } from "./cluster-nginx.ts";
import { type App, type AppOptions, freePort, root, startApp } from "./storm-app.ts";

export const INSTANCES = 3;
/** Which instance (0-based) is killed -9, mid-storm and again among the refunds. */
export const VICTIM = 1;

export interface Kill {
  instance: string;
  at: Date;
  /** When the restarted instance served again. */
  back?: Date;
}

export interface Cluster {
  app: App;
  nginx: Nginx;
  /** host:port of each instance, as nginx's log names them. */
  addresses: string[];
  instances: App[];
  kills: Kill[];
  webRoot: string;
}

export const WEB_ROOT = join(root, "dist", "web");

/**
 * Starts the instances (the first alone: it runs the migrations, which take no lock against a second
 * runner), then nginx in front of them with the security headers the first one sends.
 */
export async function startCluster(options: AppOptions, dir: string): Promise<Cluster> {
  if (!options.databaseUrl) throw new Error("a cluster runs on PostgreSQL: the embedded database serves one process");
  if (!existsSync(join(WEB_ROOT, "index.html"))) throw new Error(`${WEB_ROOT} has no build: run \`npm run build\` first`);
  const proxyPort = await freePort();
  const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
  const ports: number[] = [];
  for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
  const instances: App[] = [];
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  const launch = (index: number) => {
    // One DATA_DIR per process, always (README, "Behind nginx").
    const dataDir = join(options.dataDir, `instance-${index + 1}`);
    mkdirSync(dataDir, { recursive: true });
    return startApp({ ...options, port: ports[index]!, dataDir, extraEnv: { ...options.extraEnv, TRUST_PROXY: "1", PUBLIC_URL: proxyOrigin } });
  };
  try {
    instances.push(await launch(0));
    instances.push(...(await Promise.all(Array.from({ length: INSTANCES - 1 }, (_, i) => launch(i + 1)))));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const addresses = ports.map((port) => `127.0.0.1:${port}`);
  let nginx: Nginx;
  try {
    nginx = await startNginx({ dir: join(dir, "nginx"), port: proxyPort, instances: addresses, webRoot: WEB_ROOT, securityHeaders: await securityHeadersOf(instances[0]!.origin) });
  } catch (error) {
    await stopAll();
    throw error;
  }

  const kills: Kill[] = [];
  const victim = instances[VICTIM]!;
  const tagged = (read: (instance: App) => string[]) => instances.flatMap((instance, index) => read(instance).map((line) => `[instance ${index + 1}] ${line}`));
  const app: App = {
    origin: proxyOrigin,
    // The first instance's: what `npm run reconcile` needs (DATABASE_URL and the fee settings).
    get env() {
      return instances[0]!.env;
    },
    pid: () => instances[0]!.pid(),
    async crashAndRestart(onDown) {
      const kill: Kill = { instance: addresses[VICTIM]!, at: new Date() };
      kills.push(kill);
      const restarted = await victim.crashAndRestart(() => {
        kill.at = new Date();
        onDown();
      });
      kill.back = new Date();
      return restarted;
    },
    async restartWith(faults) {
      // One at a time: nginx keeps serving from the others meanwhile.
      for (const instance of instances) await instance.restartWith(faults);
    },
    async stop() {
      await nginx.stop();
      await stopAll();
    },
    output: () => tagged((instance) => instance.output()),
    warnings: () => tagged((instance) => instance.warnings()),
  };
  return { app, nginx, addresses, instances, kills, webRoot: WEB_ROOT };
}
