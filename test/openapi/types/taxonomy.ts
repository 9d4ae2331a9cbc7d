// The types openapi-typescript writes for the taxonomy golden catalog's
// OpenAPI document (./errors.ts beside this file when types.test.mjs
// compiles it): a 429 response's problem document narrows on its type URI
// to one error, whose detail fields are there and no other error's.
import type { components } from "./errors.js";

type Problem429 = components["responses"]["Problem429"]["content"]["application/problem+json"];

export function describe429(p: Problem429): string {
  switch (p.type) {
    case "urn:errgen:mcp-harness:limit-exceeded": {
      const limit: number = p.limit; // required: always there
      const what: string | undefined = p.what;
      const symbol: "E_LIMIT_EXCEEDED" | undefined = p.symbol;
      // @ts-expect-error endpoint is a field of the rate limits' details, not of E_LIMIT_EXCEEDED
      void p.endpoint;
      return `${symbol}: ${what ?? "?"} over ${limit} ${p.unit}`;
    }
    case "urn:errgen:mcp-harness:notion-rate": {
      const endpoint: string | undefined = p.endpoint;
      // @ts-expect-error limit is E_LIMIT_EXCEEDED's
      void p.limit;
      return `Notion: ${endpoint ?? "?"}, retry in ${p.retryAfterSeconds ?? 0}s`;
    }
    case "urn:errgen:mcp-harness:tavily-rate":
      return `Tavily: ${p.endpoint ?? "?"} (${p.httpStatus ?? 429})`;
    default: {
      // every error that allows 429 has a case: nothing is left
      const none: never = p;
      return none;
    }
  }
}

// the members every problem document has, on each of them
export const base = (p: Problem429): components["schemas"]["Problem"] => p;
export const retry = (p: Problem429): boolean | undefined => p.retryable;

// @ts-expect-error a type URI of no error that allows 429
export const wrong: Problem429["type"] = "urn:errgen:mcp-harness:unsupported";

// the Retry-After header some of them send
export type RetryAfter = components["responses"]["Problem429"]["headers"]["Retry-After"];
export const seconds: RetryAfter = 3;
