//! The only test that kills a cargo-mutants mutant of the Rust runtime: the
//! runtime's conformance runner (rt::serve_conformance) answering the five
//! shipped vector files, compared byte for byte by errgen conformance.
//!
//! rust.sh writes this file into the scratch crate it mutates (a test
//! target without libtest's harness): the crate holds a copy of
//! runtime/rust/src/rt, the one cargo-mutants mutates, and the five golden
//! catalogs' generated code built against it. Run without MUTATE_RUNNER, the
//! test runs `$ERRGEN conformance -vectors $MUTATE_GOLDEN/CATALOG/conformance.json
//! -- <this binary>` for each catalog, and fails at the first that fails;
//! run with MUTATE_RUNNER=CATALOG, it is that catalog's conformance runner.

use std::process::{exit, Command};

use errgen_mutate_vectors as crate_;

const CATALOGS: [&str; 5] = ["plain", "kinds", "problem", "mdmcp", "taxonomy"];

fn catalog(name: &str) -> &'static crate_::rt::Catalog {
    match name {
        "kinds" => &crate_::kinds::CATALOG,
        "mdmcp" => &crate_::mdmcp::CATALOG,
        "plain" => &crate_::plain::CATALOG,
        "problem" => &crate_::problem::CATALOG,
        "taxonomy" => &crate_::taxonomy::CATALOG,
        _ => panic!("no catalog {name}"),
    }
}

fn main() {
    if let Ok(name) = std::env::var("MUTATE_RUNNER") {
        let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
        crate_::rt::serve_conformance(catalog(&name), stdin.lock(), stdout.lock())
            .expect("serving the vectors");
        return;
    }
    let errgen = std::env::var("ERRGEN").expect("ERRGEN: the errgen binary");
    let golden = std::env::var("MUTATE_GOLDEN").expect("MUTATE_GOLDEN: the golden directory");
    let me = std::env::current_exe().expect("the test binary");
    for name in CATALOGS {
        let status = Command::new(&errgen)
            .args(["conformance", "-max-diffs", "3", "-vectors"])
            .arg(format!("{golden}/{name}/conformance.json"))
            .arg("--")
            .arg(&me)
            .env("MUTATE_RUNNER", name)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("running errgen conformance");
        if !status.success() {
            eprintln!("{name}: the vectors fail");
            exit(1);
        }
    }
}
