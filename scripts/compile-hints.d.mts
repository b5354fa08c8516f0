export const COMPILE_HINT: string;
export function filesRunOnLoad(manifest: Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>): string[];
export function withCompileHint(code: string, map: string | undefined): { code: string; map: string | undefined };
