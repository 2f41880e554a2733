export declare function buildNode(): Promise<void>
