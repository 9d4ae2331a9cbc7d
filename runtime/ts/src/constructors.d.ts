// The constructors errgen generates for each catalog as constructors.js,
// newX(details, options), one per error. (A declaration for type-checking
// the runtime on its own: the generated package declares each one in its
// constructors.d.ts.)

export {};
