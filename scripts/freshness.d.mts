export declare const root: string
export declare const nodeSources: readonly string[]
export declare const rendererSources: readonly string[]
export declare const desktopSources: readonly string[]
export declare function builtAt(output: string): number
export declare function isStale(output: string, sources: readonly string[]): boolean
