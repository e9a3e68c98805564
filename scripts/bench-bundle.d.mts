// Types of scripts/bench-bundle.mjs.
export declare function benchBundles(): Promise<{ fleet: string; review: string }>;
