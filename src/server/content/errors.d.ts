/** Any failure of the content service: a status outside 200-206, a network error, a timeout. */
export declare class ContentError extends Error {
    /** HTTP status of the content service, or 0 when no answer came (network, timeout). */
    readonly status: number;
    /** The status text of the answer, e.g. "Not Found". */
    readonly statusText: string;
    readonly url?: string | undefined;
    name: string;
    constructor(
    /** HTTP status of the content service, or 0 when no answer came (network, timeout). */
    status: number, 
    /** The status text of the answer, e.g. "Not Found". */
    statusText: string, url?: string | undefined);
    get notFound(): boolean;
}
