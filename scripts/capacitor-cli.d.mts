export const NODE_22: string;
export const root: string;
export function capacitorCommand(args: string[]): string[];
export function runCapacitor(args: string[]): void;
