//! The scrubbing of `x-sanitize` fields and of the cause chain in
//! `debugInfo`, outside verbose mode: home paths, the secrets of URLs,
//! e-mail addresses and long tokens. Every scanner follows the rules of
//! errgen's conformance guide ("Sanitizing") to the byte.

use std::borrow::Cow;

/// White space as the rules count it: tab, line feed, form feed, carriage
/// return and space.
fn is_space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | 0x0c | b'\r' | b' ')
}

/// The length of the run of bytes of `s` from `from` that `keep` accepts.
fn run(s: &[u8], from: usize, keep: impl Fn(u8) -> bool) -> usize {
    s[from..].iter().take_while(|c| keep(**c)).count()
}

/// Replaces home-directory prefixes by `~` (`/home/alice/x` → `~/x`), for
/// `x-sanitize: path` fields: each match, scanning left to right, of
/// `/home/NAME`, `/Users/NAME`, `/root` or `X:\Users\NAME`.
pub fn sanitize_path(s: &str) -> Cow<'_, str> {
    if !s.contains("/home/")
        && !s.contains("/Users/")
        && !s.contains("/root")
        && !s.contains(":\\Users\\")
    {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let name = |c: u8| c != b'/' && !is_space(c) && c != b'"' && c != b'\'';
    let win_name = |c: u8| c != b'\\' && !is_space(c) && c != b'"' && c != b'\'';
    let mut out = String::with_capacity(s.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"/home/") && run(b, i + 6, name) > 0 {
            Some(i + 6 + run(b, i + 6, name))
        } else if rest.starts_with(b"/Users/") && run(b, i + 7, name) > 0 {
            Some(i + 7 + run(b, i + 7, name))
        } else if rest.starts_with(b"/root") {
            Some(i + 5)
        } else if rest.len() > 9
            && rest[0].is_ascii_alphabetic()
            && rest[1..].starts_with(b":\\Users\\")
            && run(b, i + 9, win_name) > 0
        {
            Some(i + 9 + run(b, i + 9, win_name))
        } else {
            None
        };
        match end {
            Some(end) => {
                out.push_str(&s[copied..i]);
                out.push('~');
                i = end;
                copied = end;
            }
            None => i += 1,
        }
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Redacts, in every URL of `s` (a letter, then letters, digits, `+`, `.`
/// and `-`, then `://` and one or more characters other than white space,
/// quotes, `<` and `>`), the password of its user information and the
/// value of each query parameter whose name is secret, each replaced by
/// `redacted`; everything else of the URL is kept byte for byte. For
/// `x-sanitize: uri` fields.
pub fn sanitize_uri(s: &str) -> Cow<'_, str> {
    if !s.contains("://") {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let scheme = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'.' || c == b'-';
    let body = |c: u8| !is_space(c) && c != b'"' && c != b'\'' && c != b'<' && c != b'>';
    let mut out = String::with_capacity(s.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if !b[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let j = i + 1 + run(b, i + 1, scheme);
        if b[j..].starts_with(b"://") && j + 3 < b.len() && body(b[j + 3]) {
            let end = j + 3 + run(b, j + 3, body);
            out.push_str(&s[copied..i]);
            scrub_url(&mut out, &s[i..end]);
            i = end;
            copied = end;
        } else {
            // every start inside this run of scheme characters ends at j too
            i = j;
        }
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Appends the URL `u`, which starts with `scheme://`, scrubbed.
fn scrub_url(out: &mut String, u: &str) {
    let i = u.find("://").map_or(0, |i| i + 3);
    out.push_str(&u[..i]);
    let rest = &u[i..];
    // the authority runs to the first /, ? or #; its user information to
    // the last @ in it, and the password from the first : in that
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let auth = &rest[..end];
    match auth.rfind('@') {
        Some(at) if auth[..at].contains(':') => {
            let colon = auth[..at].find(':').unwrap_or(0);
            out.push_str(&auth[..colon + 1]);
            out.push_str("redacted");
            out.push_str(&auth[at..]);
        }
        _ => out.push_str(auth),
    }
    let rest = &rest[end..];
    // the query runs from the first ? (before any #) to the first # after
    // it; its parameters are separated by &
    let q = match rest.find('?') {
        Some(q) if !rest[..q].contains('#') => q,
        _ => {
            out.push_str(rest);
            return;
        }
    };
    out.push_str(&rest[..q + 1]);
    let (query, fragment) = match rest[q + 1..].find('#') {
        Some(h) => (&rest[q + 1..q + 1 + h], &rest[q + 1 + h..]),
        None => (&rest[q + 1..], ""),
    };
    for (k, param) in query.split('&').enumerate() {
        if k > 0 {
            out.push('&');
        }
        let name = param.split_once('=').map_or(param, |(n, _)| n);
        if secret_param(name) {
            out.push_str(name);
            out.push_str("=redacted");
        } else {
            out.push_str(param);
        }
    }
    out.push_str(fragment);
}

/// Reports whether a URL query parameter name (its `+` and `%XX` escapes
/// decoded here) names a secret: ASCII case aside, it contains `token`,
/// `key` or `secret`, starts with `auth` or `session`, or is `pass`,
/// `password`, `pwd`, `code`, `credential`, `credentials`, `sig` or
/// `signature`.
fn secret_param(name: &str) -> bool {
    let n = lower(&String::from_utf8_lossy(&unescape_query(name)));
    matches!(
        &*n,
        "pass" | "password" | "pwd" | "code" | "credential" | "credentials" | "sig" | "signature"
    ) || n.contains("token")
        || n.contains("key")
        || n.contains("secret")
        || n.starts_with("auth")
        || n.starts_with("session")
}

/// Returns `s` with each character mapped to its lower case, one
/// character for one (the simple case mapping: `İ` is `i`).
fn lower(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{130}' => 'i',
            c => c.to_lowercase().next().unwrap_or(c),
        })
        .collect()
}

/// Decodes `+` and the `%XX` escapes of a query component; a `%` not
/// followed by two hex digits stays as it is.
fn unescape_query(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len()
                && b[i + 1].is_ascii_hexdigit()
                && b[i + 2].is_ascii_hexdigit() =>
            {
                out.push(unhex(b[i + 1]) << 4 | unhex(b[i + 2]));
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

fn unhex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'A'..=b'F' => c - b'A' + 10,
        _ => c - b'a' + 10,
    }
}

/// The characters of the local part of an e-mail address.
fn email_local(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'%' | b'+' | b'-')
}

/// The characters of the domain of an e-mail address.
fn email_domain(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'.' || c == b'-'
}

/// The characters of a token.
fn token_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'/' | b'-')
}

/// Replaces each e-mail address of `s` by `<email>`: one or more of
/// `A-Z a-z 0-9 . _ % + -`, `@`, a domain of `A-Z a-z 0-9 . -` ending in a
/// `.` and two or more letters; the longest such match at the leftmost
/// position.
fn scrub_emails(s: &str) -> Cow<'_, str> {
    if !s.contains('@') {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if !email_local(b[i]) {
            i += 1;
            continue;
        }
        // every start inside this run of local characters meets the same
        // @ (or none) and the same domain
        let at = i + run(b, i, email_local);
        let end = if at < b.len() && b[at] == b'@' {
            email_end(b, at + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                out.push_str(&s[copied..i]);
                out.push_str("<email>");
                i = end;
                copied = end;
            }
            None => i = at,
        }
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Returns where an e-mail address whose domain starts at `d` ends: after
/// the last `.LL…` (two or more letters) of the domain's run that has at
/// least one character before it, and that run of letters.
fn email_end(b: &[u8], d: usize) -> Option<usize> {
    let n = run(b, d, email_domain);
    let dom = &b[d..d + n];
    // read once from the right: letters is the run of letters after dot
    let mut letters = 0;
    for dot in (1..n).rev() {
        if dom[dot] == b'.' && letters >= 2 {
            return Some(d + dot + 1 + letters);
        }
        letters = if dom[dot].is_ascii_alphabetic() {
            letters + 1
        } else {
            0
        };
    }
    None
}

/// Replaces tokens by `redacted` (the rules' redaction marker): in every
/// maximal run of 32 or more of `A-Z a-z 0-9 _ + / -`, the whole run when
/// it holds a digit, an upper-case and a lower-case letter and at most one
/// of `_ + / -` per 8 bytes (keys, base64, JWT parts, prefixed tokens),
/// else each maximal stretch of 32 or more letters and digits in it (a
/// letters-only or digits-only secret).
fn scrub_tokens<'a>(s: &'a str, redacted: &str) -> Cow<'a, str> {
    if s.len() < 32 {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        let n = run(b, i, token_char);
        if n == 0 {
            i += 1;
            continue;
        }
        if n >= 32 {
            let tok = &b[i..i + n];
            let marks = tok.iter().filter(|c| !c.is_ascii_alphanumeric()).count();
            out.push_str(&s[copied..i]);
            if tok.iter().any(u8::is_ascii_digit)
                && tok.iter().any(u8::is_ascii_uppercase)
                && tok.iter().any(u8::is_ascii_lowercase)
                && 8 * marks <= n
            {
                out.push_str(redacted);
            } else {
                scrub_stretches(&mut out, &s[i..i + n], redacted);
            }
            copied = i + n;
        }
        i += n;
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Appends `tok` with each maximal stretch of 32 or more ASCII letters and
/// digits replaced by `redacted`.
fn scrub_stretches(out: &mut String, tok: &str, redacted: &str) {
    let b = tok.as_bytes();
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        let n = run(b, i, |c| c.is_ascii_alphanumeric());
        if n >= 32 {
            out.push_str(&tok[copied..i]);
            out.push_str(redacted);
            copied = i + n;
        }
        i += n.max(1);
    }
    out.push_str(&tok[copied..]);
}

/// Scrubs free text: home paths ([`sanitize_path`]), URL secrets
/// ([`sanitize_uri`]), e-mail addresses and long tokens, each token replaced
/// by `redacted` (the catalog's `rules.redacted`). It is applied to
/// `x-sanitize: text` values and always to the text of the cause chain in
/// `debugInfo`.
pub fn sanitize_text(s: &str, redacted: &str) -> String {
    let s = sanitize_path(s);
    let s = sanitize_uri(&s).into_owned();
    let s = scrub_emails(&s).into_owned();
    scrub_tokens(&s, redacted).into_owned()
}
