export declare const CHROME_CANDIDATES: string[];
export declare function findChrome(env?: Record<string, string | undefined>): string | null;
