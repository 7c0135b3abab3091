export declare const ROOT: string;
export declare function buildIsStale(): boolean;
export declare function ensureBuild(log?: (message: string) => void): boolean;
