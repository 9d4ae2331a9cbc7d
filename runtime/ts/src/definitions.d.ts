// The facts errgen generates for each catalog as definitions.js, which the
// server runtime reads: each error's templates and details, and the
// descriptor of every detail object. (A declaration for type-checking the
// runtime on its own.)

/**
 * The type of a detail value: a string (also an enum), an integer, a
 * number, a boolean, an untyped value, an object without properties (a
 * map), the built-in field_errors shape, a detail object (a struct; ptr
 * when reached through $ref), or an array keeping at least keep items in a
 * minimal payload (-1: all of them).
 */
export type Type =
  | "string"
  | "int"
  | "float"
  | "bool"
  | "any"
  | "map"
  | "fieldErrors"
  | { readonly struct: string; readonly ptr?: boolean }
  | { readonly slice: Type; readonly keep: number };

/** How the strings of a field are written. */
export interface Flags {
  /** Redacted unless verbose or showSensitive. */
  readonly sensitive?: boolean;
  /** Written in verbose mode only. */
  readonly verbose?: boolean;
  /** Scrubbed unless verbose. */
  readonly sanitize?: "path" | "uri" | "text";
  /** The bound of its strings in place of max_string_bytes. */
  readonly maxBytes?: number;
  /** Its strings are written whole (their schema constrains them). */
  readonly exact?: boolean;
}

/** One field of a detail object. */
export interface Field extends Flags {
  readonly name: string;
  readonly required?: boolean;
  readonly type: Type;
}

/** A detail object: its fields in order and, when open, its other members. */
export interface Shape {
  /** Whether a minimal payload leaves out its optional fields. */
  readonly trim: boolean;
  readonly fields: readonly Field[];
  /** The type and flags of an open object's other members. */
  readonly extra?: Flags & { readonly type: Type };
}

/** What the server runtime needs of one error beyond its metadata. */
export interface Definition {
  readonly message: string;
  readonly userMessage?: string;
  readonly suggestions?: readonly string[];
  /** The type of its details (a struct or fieldErrors); absent when it has none. */
  readonly details?: Type;
  /** Its empty details break its schema: raised without them it becomes the fallback. */
  readonly needsDetails?: boolean;
  /** A failing MCP tools/call sends it as a JSON-RPC error (mcp.tool_errors: error). */
  readonly toolErrorsAsRPC?: boolean;
}

export declare const LIMITS: { readonly maxDataBytes: number; readonly maxStringBytes: number; readonly maxSuggestions: number };
export declare const FALLBACK: string;
export declare const DEFINITIONS: { readonly [symbol: string]: Definition };
export declare const SHAPES: { readonly [name: string]: Shape };
