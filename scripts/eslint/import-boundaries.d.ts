import type { ESLint } from "eslint";

export function partOf(file: string): string | null;
export function refusal(from: string | null, to: string | null): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
