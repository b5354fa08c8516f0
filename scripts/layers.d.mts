export const LAYERS: Record<string, string[]>;
export function upwardPatterns(folder: string): { regex: string; message: string; allowTypeImports?: boolean }[];
