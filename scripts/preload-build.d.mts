import type { BuildOptions } from 'esbuild';
export function hostMethodNames(): Promise<string[]>;
export function preloadBuildOptions(methodNames: readonly string[]): BuildOptions;
