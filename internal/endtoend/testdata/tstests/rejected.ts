// Must compile too: every line after @ts-expect-error is a type error, and
// tsc fails on a directive whose line compiles.
import { CATALOG, isSymbol, type ErrorResponse, type JsonRpcError } from "../golden/kinds/ts/index.js";

declare const err: JsonRpcError;
if (isSymbol(err, "E_TREE_INVALID")) {
  // @ts-expect-error E_TREE_INVALID's details have no field "i"
  void err.data?.context?.details.i;
}

// @ts-expect-error an unknown symbol
isSymbol(err, "E_NOPE");

// @ts-expect-error a response's code must be a catalog symbol
export const unknownCode: ErrorResponse = { error: true, code: "E_NOPE", message: "x" };

// @ts-expect-error a required detail field is missing
export const missingDetail: ErrorResponse = { error: true, code: "E_TREE_INVALID", message: "x", details: {} };

// @ts-expect-error error must be true
export const notAnError: ErrorResponse = { error: false, code: "E_PARSE", message: "x" };

// @ts-expect-error the symbol's wire code is -32602, not 1
export const wrongWireCode: JsonRpcError = { code: 1, message: "m", data: { symbol: "E_EVERYTHING" } };

// @ts-expect-error a detail of the wrong type
export const wrongType: ErrorResponse = { error: true, code: "E_TREE_INVALID", message: "x", details: { name: 5 } };

// @ts-expect-error the metadata is read-only
CATALOG.errors.E_PARSE.code = 5;
