//! A catalog read at run time from its facts (the JSON `errgen generate
//! -facts FILE` writes, format 2): the same tables a generated crate
//! declares as statics — the definitions, the detail nodes, their checks
//! and templates — built once and leaked, so that the conformance runner
//! renders an input carrying another catalog (`input.catalog`) through
//! the very rule modules the generated tables go through.
//!
//! The rules of the wire are the same in every catalog: the catalog read
//! keeps the runner's own (the facts' `rules` member is not read).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::catalog::{Catalog, Def, Limits, Rules, Violations};
use super::metrics::Metrics;
use super::node::{Check, DetailsType, Field, Kind, Node, Object, Sanitize};
use super::regexp;
use super::retry::RetryClass;

/// The version of the facts format this runtime reads.
const FORMAT: i64 = 2;

/// The deepest nesting of required objects the runtime renders (an
/// object's empty value holds its required properties' empty values):
/// facts nested deeper, or whose shapes require themselves, are refused,
/// since filling in their empty values would exhaust the stack.
const MAX_REQUIRED_DEPTH: usize = 100;

/// Builds the catalog the facts `v` describe, with the rules of the wire
/// `rules`; or says why `v` cannot be read as facts: a `facts` member
/// other than 2, a missing or mistyped member, an unknown node type or
/// retry class, a shape or a fallback naming none, details that are not
/// an object, required objects nested past [`MAX_REQUIRED_DEPTH`] or a
/// shape that requires itself — or a pattern or format to check in a
/// crate built without a regular expression engine (its own catalog checks
/// none). Its numbers are read as given: an integer member is a number
/// without a fraction.
///
/// The tables are leaked: read each facts document once.
pub(crate) fn read_catalog(v: &Value, rules: Rules) -> Result<&'static Catalog, String> {
    match v.get("facts") {
        Some(f) if f.as_i64() == Some(FORMAT) => {}
        Some(f) => return Err(format!("facts version {f}: want {FORMAT}")),
        None => return Err("no facts version: want facts 2".to_owned()),
    }
    let facts = FactsDoc::deserialize(v).map_err(|e| format!("not facts {FORMAT}: {e}"))?;
    Builder::default().catalog(&facts, rules)
}

/// The facts document, its members as the runtime reads them.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FactsDoc {
    name: String,
    version: String,
    schema_version: i64,
    limits: LimitsDoc,
    fallback: String,
    shapes: Vec<ShapeDoc>,
    errors: Vec<ErrorDoc>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LimitsDoc {
    max_data_bytes: usize,
    max_string_bytes: usize,
    max_suggestions: usize,
}

#[derive(Deserialize)]
struct ShapeDoc {
    name: String,
    node: NodeDoc,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ErrorDoc {
    symbol: String,
    #[serde(default)]
    aliases: Vec<String>,
    code: i64,
    wire_code: i64,
    #[serde(rename = "type")]
    error_type: String,
    domain: String,
    title: String,
    problem_type: String,
    statuses: Vec<u16>,
    retryable: bool,
    retry: String,
    #[serde(default)]
    retry_after_ms: Option<u64>,
    #[serde(default)]
    throttling: bool,
    #[serde(default)]
    deprecated: bool,
    #[serde(default)]
    tool_errors_as_rpc: bool,
    #[serde(default)]
    needs_details: bool,
    #[serde(default)]
    details: Option<NodeDoc>,
    #[serde(default)]
    sensitive: Vec<String>,
    message: TemplateDoc,
    #[serde(default)]
    user_message: Option<TemplateDoc>,
    #[serde(default)]
    suggestions: Vec<TemplateDoc>,
}

/// A template: the runtime renders its source (its parts are not read).
#[derive(Deserialize)]
struct TemplateDoc {
    source: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NodeDoc {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    shape: String,
    #[serde(default)]
    properties: Vec<PropertyDoc>,
    #[serde(default)]
    additional_properties: Option<Box<NodeDoc>>,
    #[serde(default)]
    trim: bool,
    #[serde(default)]
    items: Option<Box<NodeDoc>>,
    #[serde(default)]
    keep: i64,
    #[serde(default)]
    sensitive: bool,
    #[serde(default)]
    verbose: bool,
    #[serde(default)]
    sanitize: String,
    #[serde(default)]
    max_bytes: usize,
    #[serde(default)]
    exact: bool,
    #[serde(default)]
    check: Option<CheckDoc>,
    #[serde(default, deserialize_with = "present")]
    replacement: Option<Value>,
}

#[derive(Deserialize)]
struct PropertyDoc {
    name: String,
    #[serde(default)]
    required: bool,
    node: NodeDoc,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CheckDoc {
    #[serde(default, rename = "enum")]
    enum_values: Vec<String>,
    #[serde(default, rename = "const", deserialize_with = "present")]
    const_value: Option<Value>,
    #[serde(default)]
    patterns: Vec<String>,
    #[serde(default)]
    formats: Vec<String>,
    #[serde(default)]
    minimum: Option<f64>,
    #[serde(default)]
    maximum: Option<f64>,
    #[serde(default)]
    exclusive_minimum: Option<f64>,
    #[serde(default)]
    exclusive_maximum: Option<f64>,
    #[serde(default)]
    multiple_of: Option<f64>,
    #[serde(default)]
    min_length: Option<usize>,
    #[serde(default)]
    max_length: Option<usize>,
    #[serde(default)]
    min_items: Option<usize>,
    #[serde(default)]
    max_items: Option<usize>,
    #[serde(default)]
    unique_items: bool,
}

/// A member whose value is any JSON value, `null` included: present, it is
/// `Some` (a replacement or a const of `null` is one).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// A leaked place for a value the tables refer to before it is made: a
/// shape, which may contain itself, and the catalog, which its definitions
/// name and which holds them. Statics make such cycles at compile time;
/// tables made at run time need this one `unsafe`.
struct Slot<T: 'static>(*mut T);

impl<T> Slot<T> {
    fn new() -> Slot<T> {
        Slot(Box::into_raw(Box::<T>::new_uninit()).cast())
    }

    /// The value to come. It must not be read before [`Slot::fill`]: the
    /// builder only stores it in the tables, which it hands out once every
    /// slot is filled (on an error it hands out nothing).
    fn get(&self) -> &'static T {
        // SAFETY: the place is allocated, aligned and never freed (leaked);
        // nothing reads through the reference before `fill` writes it.
        unsafe { &*self.0 }
    }

    /// Writes the value, once.
    fn fill(self, v: T) -> &'static T {
        // SAFETY: as in `get`; `self` is consumed, so the place is written
        // once, before anything reads it.
        unsafe {
            self.0.write(v);
            &*self.0
        }
    }
}

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn text(s: &str) -> &'static str {
    String::leak(s.to_owned())
}

fn texts(list: &[String]) -> &'static [&'static str] {
    Vec::leak(list.iter().map(|s| text(s)).collect())
}

/// Builds the tables of one facts document.
#[derive(Default)]
struct Builder {
    /// The object of each shape, by name, filled once all are built.
    shapes: BTreeMap<String, Slot<Object>>,
    /// Some node checks a pattern or a format.
    regexp: bool,
}

impl Builder {
    fn catalog(mut self, f: &FactsDoc, rules: Rules) -> Result<&'static Catalog, String> {
        for s in &f.shapes {
            self.shapes.insert(s.name.clone(), Slot::new());
        }
        let mut depths = Depths::default();
        for s in &f.shapes {
            depths.shapes.insert(&s.name, &s.node);
        }
        for s in &f.shapes {
            depths.shape(&s.name, 0)?;
        }
        let mut objects = Vec::new();
        for s in &f.shapes {
            if s.node.kind != "object" {
                return Err(format!("shape {:?}: want an object node", s.name));
            }
            objects.push((s.name.clone(), self.object_lit(&s.node)?));
        }
        let catalog = Slot::<Catalog>::new();
        let mut domains: Vec<(&str, Vec<&'static Def>)> = Vec::new();
        for e in &f.errors {
            let def: &'static Def = leak(self.def(e, catalog.get())?);
            match domains.iter_mut().find(|(d, _)| *d == e.domain) {
                Some((_, defs)) => defs.push(def),
                None => domains.push((&e.domain, vec![def])),
            }
        }
        let fallback = domains
            .iter()
            .flat_map(|(_, defs)| defs.iter().copied())
            .find(|d| d.symbol == f.fallback)
            .ok_or_else(|| format!("fallback {:?} names no error", f.fallback))?;
        if self.regexp && !regexp::ENGINE {
            return Err(
                "the facts check a pattern or a format, and this crate has no regular \
                expression engine (its own catalog checks none)"
                    .to_owned(),
            );
        }
        // every table is made: the shapes and the catalog may be read
        for (name, object) in objects {
            if let Some(slot) = self.shapes.remove(&name) {
                slot.fill(object);
            }
        }
        let domains = domains
            .into_iter()
            .map(|(_, mut defs)| {
                defs.sort_by_key(|d| d.code); // Catalog::by_code searches each domain by code
                &*Vec::leak(defs)
            })
            .collect::<Vec<_>>();
        Ok(catalog.fill(Catalog {
            name: text(&f.name),
            version: text(&f.version),
            schema_version: f.schema_version,
            limits: Limits {
                max_data_bytes: f.limits.max_data_bytes,
                max_string_bytes: f.limits.max_string_bytes,
                max_suggestions: f.limits.max_suggestions,
            },
            rules,
            domains: Vec::leak(domains),
            fallback,
            metrics: Metrics::new(),
            violations: Violations::new(),
        }))
    }

    fn def(&mut self, e: &ErrorDoc, catalog: &'static Catalog) -> Result<Def, String> {
        let retry = RetryClass::from_name(&e.retry).ok_or_else(|| {
            format!(
                "error {}: retry {:?}: want never, after_change or after_delay",
                e.symbol, e.retry
            )
        })?;
        let details = match &e.details {
            None => None,
            Some(n) if n.kind == "object" => Some(DetailsType {
                object: self.object(n)?,
                retype: untyped,
            }),
            Some(_) => return Err(format!("error {}: details: want an object node", e.symbol)),
        };
        Ok(Def {
            catalog,
            code: e.code,
            wire_code: e.wire_code,
            symbol: text(&e.symbol),
            aliases: texts(&e.aliases),
            error_type: text(&e.error_type),
            domain: text(&e.domain),
            title: text(&e.title),
            problem_type: text(&e.problem_type),
            statuses: Vec::leak(e.statuses.clone()),
            retryable: e.retryable,
            retry,
            retry_after_ms: e.retry_after_ms.filter(|&ms| ms > 0),
            throttling: e.throttling,
            deprecated: e.deprecated,
            tool_errors_as_rpc: e.tool_errors_as_rpc,
            needs_details: e.needs_details,
            message: text(&e.message.source),
            user_message: e.user_message.as_ref().map_or("", |t| text(&t.source)),
            suggestions: Vec::leak(e.suggestions.iter().map(|t| text(&t.source)).collect()),
            details,
            sensitive: texts(&e.sensitive),
        })
    }

    /// The object of an object node: its shape's, or its own.
    fn object(&mut self, n: &NodeDoc) -> Result<&'static Object, String> {
        if n.shape.is_empty() {
            return Ok(leak(self.object_lit(n)?));
        }
        match self.shapes.get(&n.shape) {
            Some(slot) => Ok(slot.get()),
            None => Err(format!("shape {:?} is not in the facts", n.shape)),
        }
    }

    /// The object of an object node's own properties.
    fn object_lit(&mut self, n: &NodeDoc) -> Result<Object, String> {
        let mut fields = Vec::with_capacity(n.properties.len());
        for p in &n.properties {
            fields.push(Field {
                name: text(&p.name),
                required: p.required,
                node: leak(self.node(&p.node)?),
            });
        }
        let extra = match &n.additional_properties {
            Some(x) => Some(leak(self.node(x)?)),
            None => None,
        };
        Ok(Object {
            fields: Vec::leak(fields),
            extra,
            trim: n.trim,
        })
    }

    fn node(&mut self, n: &NodeDoc) -> Result<Node, String> {
        let kind = match n.kind.as_str() {
            "string" => Kind::String,
            "integer" => Kind::Integer,
            "number" => Kind::Number,
            "boolean" => Kind::Boolean,
            "any" => Kind::Any,
            "array" => {
                let items = n.items.as_ref().ok_or("an array node without items")?;
                Kind::Array {
                    items: leak(self.node(items)?),
                    keep: usize::try_from(n.keep).ok(), // -1: all of them
                }
            }
            "object" => Kind::Object(self.object(n)?),
            t => {
                return Err(format!(
                    "node type {t:?}: want string, integer, number, boolean, array, object or any"
                ))
            }
        };
        let sanitize = match n.sanitize.as_str() {
            "" => Sanitize::None,
            "path" => Sanitize::Path,
            "uri" => Sanitize::Uri,
            "text" => Sanitize::Text,
            s => return Err(format!("sanitize {s:?}: want path, uri or text")),
        };
        Ok(Node {
            kind,
            sensitive: n.sensitive,
            verbose: n.verbose,
            sanitize,
            max_bytes: n.max_bytes,
            exact: n.exact,
            check: n.check.as_ref().map(|c| leak(self.check(c))),
            replacement: n.replacement.as_ref().map(|v| text(&v.to_string())),
        })
    }

    fn check(&mut self, c: &CheckDoc) -> Check {
        self.regexp |= !c.patterns.is_empty() || !c.formats.is_empty();
        // a bound past the doubles is read as null: no bound, as in Go
        Check {
            r#enum: texts(&c.enum_values),
            r#const: c.const_value.as_ref().map(|v| text(&v.to_string())),
            patterns: texts(&c.patterns),
            formats: texts(&c.formats),
            minimum: c.minimum,
            maximum: c.maximum,
            exclusive_minimum: c.exclusive_minimum,
            exclusive_maximum: c.exclusive_maximum,
            multiple_of: c.multiple_of,
            min_length: c.min_length,
            max_length: c.max_length,
            min_items: c.min_items,
            max_items: c.max_items,
            unique_items: c.unique_items,
        }
    }
}

/// The depths of the required objects of the shapes, checked before their
/// tables are made.
#[derive(Default)]
struct Depths<'a> {
    shapes: BTreeMap<&'a str, &'a NodeDoc>,
    /// The depth of each shape's required objects; `None` while it is
    /// being measured.
    depth: BTreeMap<&'a str, Option<usize>>,
}

impl<'a> Depths<'a> {
    /// The depth of shape `name`'s empty value, reached at depth `level`.
    fn shape(&mut self, name: &'a str, level: usize) -> Result<usize, String> {
        let d = match self.depth.get(name) {
            Some(Some(d)) => *d,
            Some(None) => return Err(format!("shape {name:?} requires itself")),
            None => {
                let Some(&node) = self.shapes.get(name) else {
                    return Ok(0); // no such shape: the builder says so
                };
                self.depth.insert(name, None);
                let d = self.object(node, level)?;
                self.depth.insert(name, Some(d));
                d
            }
        };
        if level + d > MAX_REQUIRED_DEPTH {
            return Err(format!(
                "required objects nested deeper than {MAX_REQUIRED_DEPTH} levels"
            ));
        }
        Ok(d)
    }

    /// The depth of an object node's empty value (its own properties).
    fn object(&mut self, n: &'a NodeDoc, level: usize) -> Result<usize, String> {
        if level >= MAX_REQUIRED_DEPTH {
            return Err(format!(
                "required objects nested deeper than {MAX_REQUIRED_DEPTH} levels"
            ));
        }
        let mut deepest = 0;
        for p in n.properties.iter().filter(|p| p.required) {
            let d = match (p.node.kind.as_str(), p.node.shape.as_str()) {
                ("object", "") => self.object(&p.node, level + 1)?,
                ("object", shape) => self.shape(shape, level + 1)?,
                _ => 0,
            };
            deepest = deepest.max(d);
        }
        Ok(deepest + 1)
    }
}

/// The `retype` of details read from facts, which have no generated
/// struct: the value as it is. The conformance runner checks such details
/// as the structs would (see its `fits_structs`).
fn untyped(v: &Value) -> Result<Value, serde_json::Error> {
    Ok(v.clone())
}
