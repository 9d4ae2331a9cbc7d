// @ts-check
// The server half of the generated package: the core of the runtime
// (core.js: errors of the catalog, the fallback, the renderers of every
// wire format, the log forms) and a constructor per error, generated
// (constructors.js: newFileTooLarge(details, options)). constructors.js
// imports core.js, never this file, so the modules form no cycle.

export * from "./core.js";
export * from "./constructors.js";
