// Types of scripts/build.mjs for the TypeScript that imports it (the bench).
import type { BuildResult } from 'esbuild';

export declare const DIST: string;
export declare const STAMP: string;
export declare const ENTRIES: Record<string, string>;
export declare function bundle(entryPoints: Record<string, string>, outdir: string): Promise<BuildResult<{ metafile: true }>>;
export declare function build(): Promise<void>;
export declare function fresh(): boolean;
