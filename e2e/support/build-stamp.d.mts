export function buildInputs(env: Record<string, string | undefined>): string;
export function recordBuild(inputs: string): void;
export function builtFrom(inputs: string): boolean;
