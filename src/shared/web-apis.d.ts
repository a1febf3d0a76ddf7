// The web APIs that workerd, browsers and Node 22 all have, declared as far as shared/ uses them.
// Anything else (the DOM, Workers bindings, Node modules) belongs in another layer.

declare var console: {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

type CryptoKey = { readonly type: string };
declare var crypto: {
  subtle: {
    digest(algorithm: string, data: BufferSource): Promise<ArrayBuffer>;
    importKey(
      format: "raw",
      keyData: BufferSource,
      algorithm: { name: string; hash: string },
      extractable: boolean,
      usages: string[],
    ): Promise<CryptoKey>;
    sign(algorithm: string, key: CryptoKey, data: BufferSource): Promise<ArrayBuffer>;
  };
};
type BufferSource = ArrayBufferView<ArrayBuffer> | ArrayBuffer;

declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  set(name: string, value: string): void;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  /** The host name as DNS has it: lower case, an international name in punycode (IDNA). */
  readonly hostname: string;
  readonly searchParams: URLSearchParams;
}

declare function setTimeout(callback: () => void, ms?: number): unknown;
declare function clearTimeout(timer: unknown): void;

interface AbortSignal {
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
}
declare class AbortController {
  readonly signal: AbortSignal;
  abort(): void;
}
