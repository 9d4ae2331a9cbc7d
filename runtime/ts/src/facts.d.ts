// The facts errgen generates for each catalog as facts.js (the JSON of
// `errgen generate -facts`, schema/facts.schema.json), which the server
// runtime writes every payload from. (A declaration for type-checking the
// runtime on its own: the generated package has facts.js instead.) An
// optional member may also be undefined: the runtime reads nodes and
// errors made uniform, every member present (Tables.uniform).

/** The constants of the wire every runtime shares. */
export interface Rules {
  /** What a sensitive value is written as: "<redacted>". */
  readonly redacted: string;
  /** The string bounds of a minimal payload: a first try, then a harsher one. */
  readonly minimalStringBytes: readonly number[];
  /** The bound of each string of debugInfo. */
  readonly debugStringBytes: number;
  /** How many errors of the cause chain debugInfo lists. */
  readonly errorChainEntries: number;
  /** How deep an untyped value is written (the field's own value is level 1). */
  readonly untypedDepth: number;
  /** The floors of the maxDataBytes and maxStringBytes options. */
  readonly minMaxDataBytes: number;
  readonly minMaxStringBytes: number;
  /** The longest delay before a retry a payload carries, in ms (one day): an occurrence's longer delay is this. */
  readonly maxRetryAfterMs: number;
  /** The members a problem document writes itself. */
  readonly problemMembers: readonly string[];
  /** The members of a JSON-RPC error's data the runtime writes itself. */
  readonly jsonrpcDataMembers: readonly string[];
}

/** What a node's schema requires of a value, each keyword applying to the values of its type. */
export interface Check {
  readonly enum?: readonly string[];
  /** The value equals it (present: even null). */
  readonly const?: unknown;
  /** ECMAScript regular expressions (u flag) a string matches anywhere. */
  readonly patterns?: readonly string[];
  readonly formats?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  /** In code points. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/** One node of a detail schema. */
export interface Node {
  readonly type: "string" | "integer" | "number" | "boolean" | "array" | "object" | "any";
  /** An object node that names a shape has its properties there. */
  readonly shape?: string | undefined;
  readonly properties?: readonly Property[] | undefined;
  /** The node of an object's other members; absent: none are written. */
  readonly additionalProperties?: Node | undefined;
  /** A minimal payload leaves the object's optional properties out. */
  readonly trim?: boolean | undefined;
  readonly items?: Node | undefined;
  /** The items a minimal payload keeps of an array (-1: all; absent: 0). */
  readonly keep?: number | undefined;
  readonly sensitive?: boolean | undefined;
  readonly verbose?: boolean | undefined;
  readonly sanitize?: "path" | "uri" | "text" | undefined;
  readonly maxBytes?: number | undefined;
  /** Its strings are written whole (their schema constrains them). */
  readonly exact?: boolean | undefined;
  readonly check?: Check | undefined;
  /** What a required property of this node that breaks its checks is written as (present: even null; in the nodes the runtime reads, NO_REPLACEMENT when none). */
  readonly replacement?: unknown;
  /** Not in the facts: in the nodes the runtime reads, an object node's declared properties, kept there by Tables.fields on first use. */
  fields?: import("./write.js").Fields | undefined;
}

/** One declared property of an object node. */
export interface Property {
  readonly name: string;
  readonly required?: boolean | undefined;
  readonly node: Node;
}

/** A template: its source, and its literal text and placeholders in order. */
export interface Template {
  readonly source: string;
  readonly parts: ReadonlyArray<{ readonly text?: string; readonly field?: string }>;
}

/** When a client may send a failed request again (the catalog's retry class). */
export type RetryClass = "never" | "after_change" | "after_delay";

/** One error of the catalog. */
export interface ErrorFacts {
  readonly symbol: string;
  readonly aliases?: readonly string[] | undefined;
  readonly code: number;
  readonly wireCode: number;
  readonly type: string;
  readonly domain: string;
  readonly title: string;
  readonly problemType: string;
  /** The allowed HTTP statuses, the default first. */
  readonly statuses: readonly number[];
  /** Whether it may be retried as it is: its retry class is after_delay. */
  readonly retryable: boolean;
  /** When a client may send the request again: never, after changing it, or as it is after a delay. */
  readonly retry: RetryClass;
  /** The catalog's default delay before a retry, in whole ms (> 0; only with after_delay); absent: none. */
  readonly retryAfterMs?: number | undefined;
  /** The error is the server's throttling (only with after_delay). */
  readonly throttling?: boolean | undefined;
  readonly deprecated?: boolean | undefined;
  readonly replacedBy?: string | undefined;
  /** A failing MCP tools/call sends it as a JSON-RPC error (mcp.tool_errors: error). */
  readonly toolErrorsAsRpc?: boolean | undefined;
  /** Its empty details break their schema: raised without them it becomes the fallback. */
  readonly needsDetails?: boolean | undefined;
  /** The node of its details (an object); absent: it has none. */
  readonly details?: Node | undefined;
  /** The top-level detail fields its own sensitive list redacts. */
  readonly sensitive?: readonly string[] | undefined;
  readonly message: Template;
  readonly userMessage?: Template | undefined;
  readonly suggestions?: readonly Template[] | undefined;
}

/** The facts of a catalog. */
export interface Facts {
  readonly facts: number;
  readonly name: string;
  readonly version: string;
  readonly schemaVersion: number;
  readonly limits: { readonly maxDataBytes: number; readonly maxStringBytes: number; readonly maxSuggestions: number };
  /** The symbol of the error any other error becomes. */
  readonly fallback: string;
  readonly rules: Rules;
  readonly shapes: ReadonlyArray<{ readonly name: string; readonly node: Node }>;
  readonly errors: readonly ErrorFacts[];
}

export declare const FACTS: Facts;
