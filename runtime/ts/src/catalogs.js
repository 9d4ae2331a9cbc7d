// @ts-check
// The errors of a catalog other than the package's own, built from facts
// given at run time: the conformance runner renders an input that carries
// another catalog's facts (its catalog member) with them, through the
// same rules (core.js) as the package's errors, only the tables differ.
// core.js lends its builder here when it loads; it exports nothing more,
// since server.js exports all of core.js. Nothing but the runner asks for
// one: the package's users raise only the errors of its own catalog.

/** @typedef {import("./facts.js").Facts} Facts */
/** @typedef {import("./core.js").ErrorOptions} ErrorOptions */

/**
 * What raises the errors of one catalog, as core.js's newError, errorOf
 * and fromError raise the package's; the renderers of core.js render them
 * with their catalog.
 * @typedef {object} CatalogErrors
 * @property {(symbol: string, details: unknown, options: ErrorOptions) => Error} newError
 * @property {(symbol: string) => Error} errorOf
 * @property {(err: unknown) => Error} fromError
 * @property {(hook: ((v: import("./core.js").Violation) => void) | null) => ((v: import("./core.js").Violation) => void) | null} onViolation
 *   sets the hook of the catalog's violations (core.js's onViolation), and
 *   returns the previous one
 */

/** @type {((facts: Facts) => CatalogErrors) | undefined} */
let builder;

/**
 * lend sets the function that builds a catalog from its facts: core.js
 * calls it once, when it loads.
 * @param {(facts: Facts) => CatalogErrors} build
 */
export function lend(build) {
  builder = build;
}

/**
 * catalogErrors returns what raises the errors of the catalog that facts
 * describe. Facts it cannot read (of another format, an error of an
 * unknown retry class, a fallback naming no error) are an Error; the
 * facts must otherwise be well typed, as the runner's reader makes them.
 * Import core.js first.
 * @param {Facts} facts
 * @returns {CatalogErrors}
 */
export function catalogErrors(facts) {
  if (builder === undefined) throw new Error("errgen: core.js is not loaded");
  return builder(facts);
}
