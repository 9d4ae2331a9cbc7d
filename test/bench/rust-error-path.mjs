// Measures the Rust crate's error path, for the figures beside the
// TypeScript runtime's (test/bench/ts-error-path.mjs) and Go's: the crate
// errgen generates for the repo's catalog constructs E_FS_FILE_TOO_LARGE
// (file_too_large with its four details) and renders it as a JSON-RPC
// error, a problem document and a plain response, against serde_json
// building the same document (a clone of its serde_json::Value, what
// json! builds) and writing it (to_string). A program of its own, built
// in release mode against the workspace's lock file, runs the two sides
// alternately in batches, ROUNDS times, and prints the median time of
// each and the median of the per-round ratios.
//
//   node test/bench/rust-error-path.mjs [ROUNDS]      (make bench-ts)
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./package.mjs";

const rounds = Number(process.argv[2] ?? 11);

const MAIN = `// The Rust side of test/bench/rust-error-path.mjs.
use mcp_errors::rt::Options;
use mcp_errors::{file_too_large, ResourceLimit};
use std::hint::black_box;
use std::time::Instant;

fn details(i: i64) -> ResourceLimit {
    ResourceLimit { resource: "file_size".into(), limit: 1048576, actual: 5242880 + i % 7, unit: "bytes".into(), config_source: None }
}

/// ns per op of f over n ops.
fn time(n: i64, mut f: impl FnMut(i64) -> usize) -> f64 {
    let t = Instant::now();
    let mut sink = 0;
    for i in 0..n {
        sink += f(i);
    }
    black_box(sink);
    t.elapsed().as_nanos() as f64 / n as f64
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(11);
    let o = Options::default();
    let formats: [(&str, fn(&mcp_errors::rt::Error, &Options) -> String); 3] = [
        ("jsonrpc", |e, o| e.to_jsonrpc(o)),
        ("problem", |e, o| e.to_problem(o)),
        ("response", |e, o| e.to_response(o)),
    ];
    for (name, render) in formats {
        let doc: serde_json::Value = serde_json::from_str(&render(&file_too_large(details(0)), &o)).unwrap();
        let mut a = |i| render(&file_too_large(details(i)), &o).len();
        let mut b = |_| serde_json::to_string(&black_box(&doc).clone()).unwrap().len();
        let mut n = 1000;
        while time(n, &mut a).max(time(n, &mut b)) * (n as f64) < 20e6 {
            n *= 2;
        }
        let (mut ta, mut tb, mut ratios) = (vec![], vec![], vec![]);
        for r in 0..rounds {
            let (x, y) = if r % 2 == 0 {
                let x = time(n, &mut a);
                (x, time(n, &mut b))
            } else {
                let y = time(n, &mut b);
                (time(n, &mut a), y)
            };
            ta.push(x);
            tb.push(y);
            ratios.push(x / y);
        }
        println!("  {name:<8} errgen {:.0} ns / serde_json {:.0} ns: {:.2}x", median(ta), median(tb), median(ratios));
    }
}
`;

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "errgen-rust-errors-"));
try {
  const errgen = join(dir, "errgen");
  execFileSync("go", ["build", "-o", errgen, "./cmd/errgen"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  generate(errgen, root, join(root, "catalog", "errors.yaml"), join(dir, "repo"));
  const bench = join(dir, "bench");
  mkdirSync(join(bench, "src"), { recursive: true });
  writeFileSync(join(bench, "Cargo.toml"), `[package]
name = "errgen-bench"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
mcp-errors = { path = "../repo/rust" }
serde_json = "1"

[profile.release]
debug = false

[workspace]
`);
  writeFileSync(join(bench, "src", "main.rs"), MAIN);
  copyFileSync(join(root, "Cargo.lock"), join(bench, "Cargo.lock"));
  execFileSync("cargo", ["build", "--release", "--offline", "-q"], { cwd: bench, stdio: ["ignore", "inherit", "inherit"] });
  console.log(`rust (the crate constructs and renders E_FS_FILE_TOO_LARGE; serde_json clones the same document's Value and writes it), medians of ${rounds}:`);
  process.stdout.write(execFileSync(join(bench, "target", "release", "errgen-bench"), [String(rounds)], { encoding: "utf8" }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
