#!/usr/bin/env node
// The errgen command of the npm package errgen. The package holds no
// binary: npm installs the one of this platform, one of the package's
// optionalDependencies (@errgen/cli-OS-CPU), chosen by their os and cpu
// fields; this runs it with the arguments, the standard streams and the
// exit status passed through. Nothing is downloaded.
"use strict";

const { spawnSync } = require("node:child_process");

const platforms = {
  "linux x64": "@errgen/cli-linux-x64",
  "linux arm64": "@errgen/cli-linux-arm64",
  "darwin x64": "@errgen/cli-darwin-x64",
  "darwin arm64": "@errgen/cli-darwin-arm64",
  "win32 x64": "@errgen/cli-win32-x64",
  "win32 arm64": "@errgen/cli-win32-arm64",
};

function fail(message) {
  process.stderr.write("errgen: " + message + "\n");
  process.exit(2);
}

function binary() {
  if (process.env.ERRGEN_BINARY_PATH) {
    return process.env.ERRGEN_BINARY_PATH;
  }
  const pkg = platforms[process.platform + " " + process.arch];
  if (!pkg) {
    fail(
      "no errgen binary is built for " + process.platform + " " + process.arch +
        " (there are " + Object.keys(platforms).join(", ") + "); build errgen from source" +
        " (go install github.com/errgen/errgen/cmd/errgen) and name it in ERRGEN_BINARY_PATH",
    );
  }
  const exe = process.platform === "win32" ? "errgen.exe" : "errgen";
  try {
    return require.resolve(pkg + "/bin/" + exe);
  } catch {
    return fail(
      "the package " + pkg + ", which holds errgen's binary for this platform, is not installed. " +
        "npm installs it with errgen, as an optional dependency: install errgen again, without " +
        "--omit=optional (or --no-optional); a lockfile written on another platform may lack it " +
        "(npm install errgen adds it)",
    );
  }
}

const exe = binary();
// the commands errgen suggests (init's next steps) run it through npx
const env = { ...process.env, ERRGEN_INVOKED_AS: process.env.ERRGEN_INVOKED_AS || "npx errgen" };
const result = spawnSync(exe, process.argv.slice(2), { stdio: "inherit", windowsHide: true, env });
if (result.error) {
  fail("cannot run " + exe + ": " + result.error.message);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 1 : result.status);
