// The facts errgen generates for each catalog as catalog.js, as the
// runtime reads them. (A declaration for type-checking the runtime on its
// own: the generated package declares its public types in index.d.ts.)

/** Static metadata of one catalog error. */
export interface Meta {
  readonly code: number;
  readonly wireCode: number;
  readonly symbol: string;
  readonly type: string;
  readonly domain: string;
  readonly title: string;
  readonly status: number;
  readonly statuses: readonly number[];
  readonly problemType: string;
  readonly retryable: boolean;
  /** When a failed request may be sent again. */
  readonly retry: "never" | "after_change" | "after_delay";
  /** The catalog's default delay before a retry, in whole ms (only with after_delay). */
  readonly retryAfterMs?: number;
  /** The error is the server's throttling (only with after_delay). */
  readonly throttling?: boolean;
  readonly deprecated: boolean;
  readonly replacedBy?: string;
  readonly aliases?: readonly string[];
}

/** The JSON type of a detail field, as the guards check it. */
export type FieldKind = "string" | "number" | "integer" | "boolean" | "array" | "object" | "unknown";

export declare const CATALOG_NAME: string;
export declare const CATALOG: {
  readonly name: string;
  readonly version: string;
  readonly schemaVersion: number;
  readonly errors: { readonly [symbol: string]: Meta };
};
export declare const MAX_SUGGESTIONS: number;
/** Each error's top-level detail fields: [name, JSON type, required]; null for an error without details. */
export declare const FIELDS: { readonly [symbol: string]: ReadonlyArray<readonly [string, FieldKind, boolean]> | null };
/** The domains of the JSON-RPC protocol's own errors (reserved: true). */
export declare const RESERVED_DOMAINS: readonly string[];
export declare const SYMBOL_RE: RegExp;
export declare const TYPE_RE: RegExp;
export declare const RPC_DATA_MEMBERS: readonly string[];
/** The most entries of debugInfo.errorChain. */
export declare const ERROR_CHAIN_ENTRIES: number;
export declare const PROBLEM_MEMBERS: readonly string[];
/** The longest delay before a retry a payload carries (retryAfterMs), in ms. */
export declare const MAX_RETRY_AFTER_MS: number;
