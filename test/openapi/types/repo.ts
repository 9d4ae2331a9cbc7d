// The types openapi-typescript writes for the repo's own OpenAPI document
// (schema/errors.openapi.json, as ./errors.ts beside this file when
// types.test.mjs compiles it): any problem document of the catalog
// (ProblemDetails) narrows on its type URI to one error, and the plain
// envelope's code to the catalog's symbols.
import type { components } from "./errors.js";

type ProblemDetails = components["schemas"]["ProblemDetails"];

export function where(p: ProblemDetails): string {
  switch (p.type) {
    case "https://errors.mcp.example.dev/py-syntax": {
      const line: number = p.line;
      const column: number | undefined = p.column;
      // @ts-expect-error session_id is E_SESSION_NOT_FOUND's
      void p.session_id;
      return `line ${line}:${column ?? 0}: ${p.error_text}`;
    }
    case "https://errors.mcp.example.dev/session-not-found": {
      const status: 404 | undefined = p.status;
      // @ts-expect-error error_text is E_PY_SYNTAX's
      void p.error_text;
      return `session ${p.session_id} (${status ?? 404})`;
    }
    default:
      // every other error: the members all of them have
      return `${p.title} (${p.status ?? 0})`;
  }
}

// @ts-expect-error not a type URI of the catalog
export const wrong: ProblemDetails["type"] = "https://errors.mcp.example.dev/no-such-error";

type Code = components["schemas"]["ErrorResponse"]["code"];
export const code: Code = "E_PY_SYNTAX";
// @ts-expect-error not a symbol of the catalog
export const noCode: Code = "E_NO_SUCH_ERROR";
