// Must compile too: every line after @ts-expect-error is a type error, and
// tsc fails on a directive whose line compiles.
import { CATALOG, isSymbol, parseProblemDetails, retryAdvice, type JsonRpcError, type JsonRpcErrorOf, type ResponseOf } from "../golden/kinds/ts/index.js";

declare const err: JsonRpcError;
if (isSymbol(err, "E_TREE_INVALID")) {
  // @ts-expect-error E_TREE_INVALID's details have no field "i"
  void err.data.context?.details.i;
}

const problem = parseProblemDetails("{}");
if (problem && isSymbol(problem, "E_TREE_INVALID")) {
  // @ts-expect-error a misspelled detail field (name)
  void problem.nmae;
}
if (problem) {
  // @ts-expect-error a detail field before narrowing to the error
  void problem.name;
}

// @ts-expect-error an unknown symbol
isSymbol(err, "E_NOPE");

// @ts-expect-error a response's code must be a catalog symbol
export const unknownCode: ResponseOf = { error: true, code: "E_NOPE", message: "x" };

// @ts-expect-error a required detail field is missing
export const missingDetail: ResponseOf = { error: true, code: "E_TREE_INVALID", message: "x", details: {} };

// @ts-expect-error error must be true
export const notAnError: ResponseOf = { error: false, code: "E_PARSE", message: "x" };

// @ts-expect-error the symbol's wire code is -32602, not 1
export const wrongWireCode: JsonRpcErrorOf = { code: 1, message: "m", data: { symbol: "E_EVERYTHING" } };

// @ts-expect-error a detail of the wrong type
export const wrongType: ResponseOf = { error: true, code: "E_TREE_INVALID", message: "x", details: { name: 5 } };

// @ts-expect-error the metadata is read-only
CATALOG.errors.E_PARSE.code = 5;

// @ts-expect-error an alias is an error's symbol, not a key of CATALOG.errors
void CATALOG.errors.E_TREE_CHECK;

declare const someSymbol: "E_PARSE" | "E_TREE_VALIDATION" | "E_TREE_CHECK";
if (isSymbol(someSymbol, "E_TREE_CHECK")) {
  // @ts-expect-error narrowed to E_TREE_VALIDATION's symbols: E_PARSE is out
  const parse: "E_PARSE" = someSymbol;
  void parse;
}

if (isSymbol(err, "E_TREE_CHECK")) {
  // @ts-expect-error an alias narrows to its error: E_TREE_VALIDATION's details have no field "name"
  void err.data.context?.details.name;
}

declare const reason: ResponseOf<"E_REASON">;
// @ts-expect-error the other members of metadata are strings
export const quota: number | undefined = reason.details.metadata?.["quota_limit"];
// @ts-expect-error the details' other members are of any type: unknown until checked
export const trace: string = reason.details["trace"];

// @ts-expect-error a retry class the wire does not have
export const badClass: ResponseOf = { error: true, code: "E_PARSE", message: "x", retry: "later" };

// @ts-expect-error advice has no action "wait"
export const wait: boolean = retryAdvice({}).action === "wait";

// @ts-expect-error delayMs may be null
export const delay: number = retryAdvice({}).delayMs;
