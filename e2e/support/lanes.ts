import { inject } from "vitest";
import type { Lane } from "./global-setup.ts";

/**
 * The lane of this spec file: vitest numbers its workers 1…maxWorkers (VITEST_POOL_ID), and a worker
 * runs one file at a time, so two files never share a lane at once.
 */
export function lane(): Lane {
  const lanes = inject("lanes");
  return lanes[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % lanes.length]!;
}
