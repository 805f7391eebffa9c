import type { BuildOptions } from 'esbuild';
/** What the preload is built with: the HostApi and live method names, and each desktop call's channel. */
export interface PreloadDefinitions {
  hostMethods: readonly string[];
  desktopChannels: Readonly<Record<string, string>>;
}
export function hostMethodNames(): Promise<string[]>;
export function desktopMethodChannels(): Promise<Record<string, string>>;
export function preloadDefinitions(): Promise<PreloadDefinitions>;
export function preloadBuildOptions(definitions: PreloadDefinitions): BuildOptions;
