// The server runtime of the catalog: its errors raised with typed details,
// any other throw turned into its fallback, the renderers of every wire
// format (core.js), and a constructor per error (constructors.js).

export * from "./core.js";
/** A constructor per error: newX(details, options) for error E_X of type x, newX(options) for one without details. */
export * from "./constructors.js";
