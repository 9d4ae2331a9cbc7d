/** The type of one error's data.context, JSON-RPC error, problem document or plain response, by symbol; the union of all when S is left out. */
//@ jsonrpc
export type ContextOf<S extends ErrorSymbol = ErrorSymbol> = ContextBySymbol[S];
export type JsonRpcErrorOf<S extends ErrorSymbol = ErrorSymbol> = RpcErrorBySymbol[S];
//@ problem
export type ProblemOf<S extends ErrorSymbol = ErrorSymbol> = ProblemBySymbol[S];
//@ response
export type ResponseOf<S extends ErrorSymbol = ErrorSymbol> = ResponseBySymbol[S];
//@

/**
 * When a client may send a failed request again: "never"; "after_change",
 * once the request is changed (other arguments, a fixed input, another
 * permission); "after_delay", as it is, after the payload's retryAfterMs
 * when it carries one (else with the client's own backoff).
 */
export type RetryClass = "never" | "after_change" | "after_delay";

//@ jsonrpc
/**
 * The data.context of an error of this catalog. isSymbol narrows it to one
 * error's type, with typed details.
 */
export interface ErrorContext {
  schemaVersion: number;
  type: ErrorType;
  details: unknown;
  userMessage?: string;
  suggestions?: string[];
  retryable: boolean;
  debugInfo?: DebugInfo;
}

/**
 * The error member of a JSON-RPC response carrying an error of this catalog,
 * named by data.symbol, else by data.context.type, else (a protocol error of
 * a reserved domain) by its code. isSymbol narrows it to one error's type.
 * The caller's legacy data keys are read with extensionsOf.
 */
export interface JsonRpcError {
  code: number;
  message: string;
  data?: {
    domain?: ErrorDomain;
    symbol?: ErrorSymbol;
    retryable?: boolean;
    /** When the request may be sent again (absent in a payload of a server older than retry classes). */
    retry?: RetryClass;
    /** The delay before a retry, in whole ms (only with retry "after_delay"). */
    retryAfterMs?: number;
    context?: ErrorContext;
  };
}
//@

//@ problem
/**
 * An RFC 9457 problem document of an error of this catalog. isSymbol narrows
 * it to one error's type, whose detail fields are members of the document;
 * other extension members are read with extensionsOf.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  timestamp?: string;
  symbol?: ErrorSymbol;
  retryable?: boolean;
  /** When the request may be sent again (absent in a payload of a server older than retry classes). */
  retry?: RetryClass;
  /** The delay before a retry, in whole ms (only with retry "after_delay"; an HTTP answer's Retry-After in seconds). */
  retryAfterMs?: number;
  userMessage?: string;
  suggestions?: string[];
  debugInfo?: DebugInfo;
}
//@

//@ response
/** A plain error response of an error of this catalog. isSymbol narrows it to one error's type. */
export interface ErrorResponse {
  error: true;
  code: ErrorSymbol;
  message: string;
  details?: unknown;
  /** When the request may be sent again (absent in a payload of a server older than retry classes). */
  retry?: RetryClass;
  /** The delay before a retry, in whole ms (only with retry "after_delay"). */
  retryAfterMs?: number;
}
//@

/** Any payload of this catalog's wire formats: a JSON-RPC error or its context, a problem document, a plain response. */
export type AnyError =
//@ jsonrpc
  | JsonRpcError
//@ problem
  | ProblemDetails
//@ response
  | ErrorResponse
//@ jsonrpc
  | ErrorContext
//@
  ;

/**
 * A well-formed errgen payload of an error this catalog does not know (from
 * a newer catalog, most often): what every format tells of any error.
 * raw is the payload itself.
 */
export interface UnknownError {
  readonly unknown: true;
  readonly format:
//@ jsonrpc
    | "jsonrpc"
//@ problem
    | "problem"
//@ response
    | "response"
//@ jsonrpc
    | "context"
//@
    ;
  /** The JSON-RPC error code. */
  readonly code?: number;
  readonly symbol?: string;
  /** The problem type URI, or the context type. */
  readonly type?: string;
  /** The message, or the problem detail. */
  readonly message?: string;
  readonly status?: number;
  /** A JSON-RPC error's data, as the payload has it. */
  readonly data?: unknown;
  /** The payload's own retryable flag; without one, whether its retry class is "after_delay". */
  readonly retryable: boolean;
  /** The payload's retry class as it has it: a RetryClass, or a class of a newer catalog. */
  readonly retry?: string;
  /** The payload's delay before a retry, in whole ms. */
  readonly retryAfterMs?: number;
  readonly raw: unknown;
}

//@ jsonrpc
/**
 * What the MCP TypeScript SDK's McpError holds (or any JSON-RPC error
 * object): fromMcpError, symbolOf, isSymbol and isRetryable take it.
 */
export interface McpErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

/** Reports whether value is a data.context of this catalog, with its details' required fields present and typed. */
export declare function isErrorContext(value: unknown): value is ErrorContext;
/** Reports whether value is a JSON-RPC error object of this catalog: named by data.symbol, data.context.type or a protocol error's code, with its wire code and domain and a valid context. */
export declare function isJsonRpcError(value: unknown): value is JsonRpcError;
//@ problem
/** Reports whether value is a problem document of this catalog: known type URI (and symbol), an allowed status, valid detail members. */
export declare function isProblemDetails(value: unknown): value is ProblemDetails;
//@ response
/** Reports whether value is a plain error response of this catalog. */
export declare function isErrorResponse(value: unknown): value is ErrorResponse;
//@
/** Reports whether value is what a parser returns for a well-formed payload of an error this catalog does not know. */
export declare function isUnknownError(value: unknown): value is UnknownError;

//@ jsonrpc
/**
 * Returns value (or the JSON it holds, when a string) as a context of this
 * catalog; an UnknownError for a well-formed context of another error;
 * undefined for anything else.
 */
export declare function parseErrorContext(value: unknown): ErrorContext | UnknownError | undefined;
/**
 * Returns value (or the JSON it holds, when a string) as a JSON-RPC error
 * object of this catalog: one named by data.symbol, else by
 * data.context.type, else, for a protocol error of a reserved domain, by a
 * code no other error has. Any other well-formed error object ({code,
 * message, data?}) is an UnknownError with its code, message and data;
 * undefined for one that names an error of this catalog but breaks its
 * rules (another wire code, domain or context), and for anything else.
 */
export declare function parseJsonRpcError(value: unknown): JsonRpcError | UnknownError | undefined;
//@ problem
/**
 * Returns value (or the JSON it holds, when a string) as a problem document
 * of this catalog; an UnknownError for a well-formed problem document of
 * another error; undefined for anything else.
 */
export declare function parseProblemDetails(value: unknown): ProblemDetails | UnknownError | undefined;
//@ response
/**
 * Returns value (or the JSON it holds, when a string) as a plain error
 * response of this catalog; an UnknownError for a well-formed response of
 * another error; undefined for anything else.
 */
export declare function parseErrorResponse(value: unknown): ErrorResponse | UnknownError | undefined;
//@

//@ jsonrpc
/**
 * Returns the JSON-RPC error an MCP SDK error (an McpError, or its plain
 * shape) carries, its message without the SDK's "MCP error CODE: " prefix;
 * an UnknownError for an error this catalog does not name (of a newer
 * catalog, or the SDK's own, such as unknown tool or resource not found,
 * unless a protocol error of the catalog has its code); undefined for
 * anything else.
 */
export declare function fromMcpError(error: unknown): JsonRpcError | UnknownError | undefined;
//@ problem
/**
 * Returns the problem document an isError MCP tool result carries (in
 * structuredContent or as text content); an UnknownError for one of a newer
 * catalog; undefined for a successful result or the SDK's own error text
 * (such as invalid arguments).
 */
export declare function fromToolResult(result: unknown): ProblemDetails | UnknownError | undefined;
//@

/** Every input symbolOf, isSymbol and isRetryable take. */
export type ErrorInput =
  | AnyError
  | UnknownError
//@ jsonrpc
  | McpErrorLike
//@
  | ErrorSymbol;

/**
 * Returns the symbol of a payload: data.symbol of a JSON-RPC error (a wire
 * code alone never tells); the code of a plain response; for a problem
 * document its type URI, then its symbol member, then its status where one
 * error of that type allows it; the type of a context. An alias gives its
 * error's own symbol. undefined when the payload names no error of this
 * catalog.
 */
export declare function symbolOf(value: ErrorInput): ErrorSymbol | undefined;

/**
 * Narrows a payload to the error with the given symbol or alias. (The parameters are
 * the envelope types, not unions of every error, so that narrowing stays
 * cheap for the compiler however many errors the catalog holds.)
 */
//@ jsonrpc
export declare function isSymbol<S extends ErrorSymbol>(value: JsonRpcError | UnknownError | McpErrorLike, symbol: S): value is RpcErrorBySymbol[S];
//@ problem
export declare function isSymbol<S extends ErrorSymbol>(value: ProblemDetails | UnknownError, symbol: S): value is ProblemBySymbol[S];
//@ response
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorResponse | UnknownError, symbol: S): value is ResponseBySymbol[S];
//@ jsonrpc
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorContext | UnknownError, symbol: S): value is ContextBySymbol[S];
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorSymbol, symbol: S): value is NonNullable<NonNullable<RpcErrorBySymbol[S]["data"]>["symbol"]>;
//@ response !jsonrpc
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorSymbol, symbol: S): value is ResponseBySymbol[S]["code"];
//@ !jsonrpc !response
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorSymbol, symbol: S): value is NonNullable<ProblemBySymbol[S]["symbol"]>;
//@
export declare function isSymbol<S extends ErrorSymbol>(value: unknown, symbol: S): boolean;

/**
 * Reports whether the error may be retried: the occurrence's own flag when it
 * carries one (a plain response: whether its retry class is "after_delay"),
 * else the catalog's; an UnknownError's own flag; false for a payload of no
 * catalog error.
 */
export declare function isRetryable(value: ErrorInput): boolean;

/** What a client should do about a failed request (retryAdvice). */
export interface RetryAdvice {
  /** "retry": send it again as it is; "change": only once changed; "never": not at all. */
  readonly action: "retry" | "change" | "never";
  /** With "retry", how long to wait first in whole ms, as the payload says; null: it says nothing (retry now, or with your own backoff). Always null otherwise. */
  readonly delayMs: number | null;
}

/**
 * Returns what to do about the failed request a payload answered, from the
 * payload alone (the same advice for a known error and an unknown one of a
 * newer catalog): its retry class — "after_delay" is "retry" with its
 * retryAfterMs as delayMs when that is a non-negative integer, else null;
 * "after_change" is "change"; "never" is "never" — and, where it carries
 * no class or one this package does not know (a server older than retry
 * classes, or newer), its retryable flag: true is "retry" (with its
 * retryAfterMs, if any), anything else "never". It takes any payload, or
 * its JSON text: a JSON-RPC error object (an McpError too) or a JSON-RPC
 * response holding one, a problem document, a plain response, a context,
 * an MCP tool result (its structuredContent, else its text content), and
 * an UnknownError; anything else is "never".
 */
export declare function retryAdvice(payload: unknown): RetryAdvice;

//@ jsonrpc problem
/**
 * Returns the members of a payload that are neither its format's own nor its
 * error's detail fields: a problem document's extension members (such as
 * tool), a JSON-RPC error's legacy data keys (method, requestId, …).
 */
export declare function extensionsOf(
  value:
//@ jsonrpc
    | JsonRpcError
//@ problem
    | ProblemDetails
//@ jsonrpc problem
): { readonly [member: string]: unknown };
//@

/** Looks up an error by its catalog code. */
export declare function byCode(code: number): ErrorMeta | undefined;
/** Looks up an error by symbol or alias. */
export declare function bySymbol(symbol: string): ErrorMeta | undefined;
/** Looks up an error by type. */
export declare function byType(type: string): ErrorMeta | undefined;
