// Must compile: narrowing a payload to one symbol gives its typed details.
import {
  CATALOG,
  byCode,
  fromMcpError,
  fromToolResult,
  isRetryable,
  isSymbol,
  symbolOf,
  parseErrorResponse,
  parseJsonRpcError,
  parseProblemDetails,
  retryAdvice,
  type ContextOf,
  type ErrorSymbol,
  type ProblemOf,
  type ResponseOf,
  type RetryAdvice,
  type RetryClass,
} from "../golden/kinds/ts/index.js";
import { isSymbol as isMcpSymbol, parseJsonRpcError as parseMcp } from "../../../../gen/ts/index.js";

declare const payload: unknown;

const err = parseJsonRpcError(payload);
if (err !== undefined && isSymbol(err, "E_EVERYTHING")) {
  const code: -32602 = err.code;
  const ctx = err.data?.context;
  if (ctx) {
    const i: number = ctx.details.i;
    const tags: string[] = ctx.details.tags;
    const e: "one" | "two" = ctx.details.e;
    const optional: string | undefined = ctx.details.opt_s;
    const level: "low" | "mid" | "high" | "very-high" | "with space" | undefined = ctx.details.level;
    const child: string | undefined = ctx.details.root.children?.[0]?.name;
    const grid: number | undefined = ctx.details.grid[0]?.[1];
    const anything: unknown = ctx.details.anything;
    void [code, i, tags, e, optional, level, child, grid, anything];
  }
}

const problem = parseProblemDetails(payload);
if (problem && isSymbol(problem, "E_TREE_INVALID")) {
  const name: string = problem.name;
  const status: 500 = problem.status;
  void [name, status];
}
// The unions of every error's type discriminate as usual.
declare const anyProblem: ProblemOf;
if (anyProblem.type === "https://errors.example.com/kinds/everything") {
  const status: 422 | 400 = anyProblem.status;
  void status;
}

const response = parseErrorResponse(payload);
if (response && isSymbol(response, "E_TREE_VALIDATION")) {
  const total: number = response.details.totalErrors;
  const messages: string[] | undefined = response.details.fieldErrors["name"];
  void [total, messages];
}
declare const anyResponse: ResponseOf;
if (anyResponse.code === "E_TREE_INLINE") {
  const kind: "cycle" | "orphan" = anyResponse.details.kind;
  void kind;
}
const oneResponse: ResponseOf<"E_TREE_INLINE"> | undefined = response && isSymbol(response, "E_TREE_INLINE") ? response : undefined;
void oneResponse;

declare const context: ContextOf;
if (context.type === "tree_inline") {
  const depth: number | undefined = context.details.depth;
  void depth;
}

const symbol: ErrorSymbol = "E_PARSE";
const meta = CATALOG.errors.E_EVERYTHING;
const metaCode: 2 = meta.code;
const statuses: readonly [422, 400] = meta.statuses;
const retry: boolean = isRetryable(symbol);
const found: ErrorSymbol | undefined = byCode(2)?.symbol;
void [metaCode, statuses, retry, found];

const mcp = parseMcp(payload);
if (mcp && isMcpSymbol(mcp, "E_FS_FILE_TOO_LARGE")) {
  const limit: number | undefined = mcp.data?.context?.details.limit;
  void limit;
}

// What the MCP TypeScript SDK hands a client: an McpError-shaped value or a
// tool result; symbolOf, isSymbol and isRetryable take the same inputs.
declare const mcpError: { code: number; message: string; data?: unknown };
const fromMcp = fromMcpError(mcpError);
if (fromMcp && isSymbol(fromMcp, "E_EVERYTHING")) {
  const s: string | undefined = fromMcp.data.context?.details.s;
  void s;
}
const sym: ErrorSymbol | undefined = symbolOf(mcpError);
const mcpRetry: boolean = isRetryable(mcpError) || isRetryable("E_EVERYTHING");
if (isSymbol(mcpError, "E_TREE_INVALID")) {
  const code: number = mcpError.code;
  void code;
}
const fromResult = fromToolResult(payload);
if (fromResult && isSymbol(fromResult, "E_TREE_INVALID")) {
  const name: string = fromResult.name;
  void name;
}
void [sym, mcpRetry];

// An alias narrows like its error's symbol, in every format.
if (err !== undefined && isSymbol(err, "E_TREE_CHECK")) {
  const total: number | undefined = err.data.context?.details.totalErrors;
  const named: "E_TREE_VALIDATION" | "E_TREE_CHECK" | "TREE_FAILED" | undefined = err.data.symbol;
  void [total, named];
}
if (problem && isSymbol(problem, "TREE_FAILED")) {
  const total: number = problem.totalErrors;
  void total;
}
if (response && isSymbol(response, "E_INTERNAL_ERROR")) {
  const none: undefined = response.details;
  void none;
}
declare const aliasSymbol: ErrorSymbol;
if (isSymbol(aliasSymbol, "E_TREE_CHECK")) {
  // any symbol of the same error, not only the alias
  const same: "E_TREE_VALIDATION" | "E_TREE_CHECK" | "TREE_FAILED" = aliasSymbol;
  void same;
}
const aliases: readonly ["E_TREE_CHECK", "TREE_FAILED"] = CATALOG.errors.E_TREE_VALIDATION.aliases;
const canonical: ErrorSymbol | undefined = symbolOf(aliasSymbol);
declare const byAlias: ResponseOf<"E_TREE_CHECK">;
const byAliasCode: "E_TREE_VALIDATION" | "E_TREE_CHECK" | "TREE_FAILED" = byAlias.code;
void [aliases, canonical, byAliasCode];

// Open maps: the declared fields typed, other members by the index
// signature (additionalProperties).
if (err !== undefined && isSymbol(err, "E_REASON")) {
  const details = err.data.context?.details;
  if (details) {
    const reason: string = details.reason;
    const quota: string | undefined = details.metadata?.["quota_limit"];
    const reads: number | undefined = details.counts?.["reads"];
    const backup: string | undefined = details.owners?.["backup"]?.name;
    const canary: "on" | "off" | "prod" | "dev" | undefined = details.labels?.["canary"];
    const trace: unknown = details["trace"];
    void [reason, quota, reads, backup, canary, trace];
  }
}

// Retrying: every payload type has the class and the delay, optional (an
// older server sends neither); retryAdvice takes anything.
const advice: RetryAdvice = retryAdvice(payload);
const action: "retry" | "change" | "never" = advice.action;
const delayMs: number | null = advice.delayMs;
if (err !== undefined && !("unknown" in err)) {
  const rpcRetry: RetryClass | undefined = err.data?.retry;
  const rpcDelay: number | undefined = err.data?.retryAfterMs;
  void [rpcRetry, rpcDelay];
}
if (problem && isSymbol(problem, "E_TREE_INVALID")) {
  const problemRetry: "never" | "after_change" | "after_delay" | undefined = problem.retry;
  const problemDelay: number | undefined = problem.retryAfterMs;
  void [problemRetry, problemDelay];
}
if (response && isSymbol(response, "E_TREE_VALIDATION")) {
  const responseDelay: number | undefined = response.retryAfterMs;
  void responseDelay;
}
if (err !== undefined && "unknown" in err) {
  const newerRetry: string | undefined = err.retry;
  const newerDelay: number | undefined = err.retryAfterMs;
  void [newerRetry, newerDelay];
}
const metaRetry: RetryClass = CATALOG.errors.E_EVERYTHING.retry;
const metaDelay: number | undefined = byCode(2)?.retryAfterMs;
void [action, delayMs, metaRetry, metaDelay, retryAdvice(mcpError), retryAdvice(undefined)];
