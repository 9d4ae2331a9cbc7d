//! The options that steer rendering, and reading them from the
//! environment as every errgen runtime does.

use std::fmt;
use std::time::SystemTime;

/// Options steer rendering. The default is the safe setting: not verbose,
/// sensitive fields redacted, suggestions included, the catalog's limits;
/// set a field only to show more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Adds verbose-only fields and `debugInfo`. It does not lift
    /// redaction or sanitizing: only `show_sensitive` does.
    pub verbose: bool,
    /// Writes sensitive values in clear instead of the redaction marker,
    /// and `x-sanitize` values unscrubbed.
    pub show_sensitive: bool,
    /// Leaves the catalog's suggestions out.
    pub omit_suggestions: bool,
    /// The bound of each payload; 0: the catalog's. A bound below the
    /// rules' floor (512) is raised to it.
    pub max_data_bytes: usize,
    /// The bound of each string; 0: the catalog's. A bound below the
    /// rules' floor (16) is raised to it.
    pub max_string_bytes: usize,
    /// How many suggestions a payload carries; 0: the catalog's.
    pub max_suggestions: usize,
    /// `debugInfo.serverVersion`; empty: none.
    pub server_version: String,
    /// The clock of every timestamp; `None`: the time of rendering.
    pub now: Option<SystemTime>,
    /// The `instance` of a problem document whose error sets none; `None`:
    /// a fresh `urn:uuid`.
    pub instance: Option<String>,
}

/// The environment variables that could not be read as options, and the
/// options read from the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    /// What is wrong with each variable.
    pub problems: Vec<String>,
    /// The options of the variables that could be read.
    pub options: Options,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "errgenrt: {}", self.problems.join("; "))
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// The clock.
    pub(crate) fn now(&self) -> SystemTime {
        self.now.unwrap_or_else(SystemTime::now)
    }

    /// Reads options from environment variables named with `prefix` (the
    /// prefix `MCP_ERRORS` reads `MCP_ERRORS_VERBOSE`): `VERBOSE`, `REDACT`
    /// and `SUGGESTIONS` (booleans: 1/0, true/false, yes/no, on/off;
    /// `VERBOSE` also takes a positive number or `full` as true;
    /// `REDACT=false` sets `show_sensitive`, `SUGGESTIONS=false`
    /// `omit_suggestions`), `MAX_DATA_BYTES`, `MAX_STRING_BYTES` and
    /// `MAX_SUGGESTIONS` (non-negative integers) and `SERVER_VERSION`.
    /// Unset variables keep the defaults.
    pub fn from_env(prefix: &str) -> Result<Options, OptionsError> {
        Options::from_env_with(prefix, |name| std::env::var(name).ok())
    }

    /// Reads options as [`Options::from_env`] does, from `getenv` instead of
    /// the process's environment.
    pub fn from_env_with(
        prefix: &str,
        getenv: impl Fn(&str) -> Option<String>,
    ) -> Result<Options, OptionsError> {
        let mut o = Options::default();
        let mut problems = Vec::new();
        let var = |name: &str| getenv(&format!("{prefix}_{name}")).unwrap_or_default();
        // negate: REDACT and SUGGESTIONS name the safe side
        let mut boolean = |name: &str, negate: bool, verbose: bool| -> Option<bool> {
            let raw = var(name);
            let v = raw.trim();
            match v.to_lowercase().as_str() {
                "" => None,
                "1" | "true" | "yes" | "on" => Some(!negate),
                "0" | "false" | "no" | "off" => Some(negate),
                _ if verbose
                    && (v.parse::<i64>().is_ok_and(|n| n > 0)
                        || v.eq_ignore_ascii_case("full")) =>
                {
                    Some(true)
                }
                _ => {
                    problems.push(format!("{prefix}_{name}={v:?}: want true or false"));
                    None
                }
            }
        };
        if let Some(b) = boolean("VERBOSE", false, true) {
            o.verbose = b;
        }
        if let Some(b) = boolean("REDACT", true, false) {
            o.show_sensitive = b;
        }
        if let Some(b) = boolean("SUGGESTIONS", true, false) {
            o.omit_suggestions = b;
        }
        for (name, dst) in [
            ("MAX_DATA_BYTES", &mut o.max_data_bytes),
            ("MAX_STRING_BYTES", &mut o.max_string_bytes),
            ("MAX_SUGGESTIONS", &mut o.max_suggestions),
        ] {
            let raw = var(name);
            let v = raw.trim();
            if v.is_empty() {
                continue;
            }
            match v.parse::<i64>() {
                Ok(n) if n >= 0 => *dst = usize::try_from(n).unwrap_or(usize::MAX),
                _ => problems.push(format!(
                    "{prefix}_{name}={v:?}: want a non-negative integer"
                )),
            }
        }
        o.server_version = var("SERVER_VERSION");
        if problems.is_empty() {
            Ok(o)
        } else {
            Err(OptionsError {
                problems,
                options: o,
            })
        }
    }
}
