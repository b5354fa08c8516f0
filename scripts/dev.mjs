// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite"], { stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
