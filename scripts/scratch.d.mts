export function scratchDir(): string;
