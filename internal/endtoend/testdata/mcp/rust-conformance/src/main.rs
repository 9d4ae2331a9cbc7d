//! An MCP server on the official Rust SDK (rmcp) for the official MCP
//! conformance suite: it serves Streamable HTTP at `/mcp` on
//! `127.0.0.1:$PORT` and implements every server scenario of the suite
//! that rmcp supports (tools, resources, prompts, completion, logging,
//! progress, sampling, elicitation, SSE streams, DNS-rebinding protection),
//! and two tools of errgen's own, `errgen_crash` and `errgen_policy_denied`.
//!
//! `test/mcp-conformance/run.mjs` runs the suite against it twice: as an
//! rmcp server usually answers a failing tool (an `isError` result holding
//! the error's text), and with errgen's adapter, where a failing tool
//! returns `err.to_rmcp_call_result(&options)`, the catalog's wire form, as
//! errgen's docs show. Nothing else changes between the two. Every failure
//! is an error of the catalog `../errors.yaml` (any other error becomes
//! one through `CATALOG.from_error`), from the crate errgen generated from
//! it, `../rust`. From the repository's root:
//!
//! ```text
//! cargo build -p files-mcp-conformance --locked
//! node test/mcp-conformance/run.mjs [-stateless] \
//!     -expected-failures internal/endtoend/testdata/mcp/conformance/rust-expected-failures.yml \
//!     -- target/debug/files-mcp-conformance
//! ```
//!
//! The server reads:
//!
//! - `PORT`: the port of 127.0.0.1 to listen on (required);
//! - `STATELESS=1` (run.mjs's `-stateless`): rmcp's stateless mode, no
//!   sessions; otherwise each client gets a session of its own;
//! - `ERRGEN=1`: errgen's adapter, under the options
//!   `Options::from_env("FILES_ERRORS")` reads.
//!
//! The verbose form of each tool failure, cause included, goes to standard
//! error only.

// Sampling, logging and `resources/subscribe` are deprecated in rmcp 3
// (SEP-2577 and the 2026-07-28 protocol), but the suite's protocol
// versions (2025-06-18, 2025-11-25) still have them and the suite tests
// them.
#![allow(deprecated)]

use std::collections::BTreeSet;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use files_errors::{self as errors, Options};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, CompleteRequestParams, CompleteResult, CompletionInfo, ContentBlock,
    CreateMessageRequestParams, ElicitRequestParams, ElicitResult, ElicitationAction,
    ElicitationSchema, Implementation, JsonObject, ListResourceTemplatesResult,
    ListResourcesResult, LoggingLevel, LoggingMessageNotificationParam, PaginatedRequestParams,
    ProgressNotificationParam, PromptMessage, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, Reference, RequestMetaObject, Resource, ResourceContents, ResourceTemplate,
    Role, SamplingMessage, ServerCapabilities, ServerConfig, SetLevelRequestParams,
    SubscribeRequestParams, UnsubscribeRequestParams,
};
use rmcp::service::{ElicitationMode, RequestContext};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{
    prompt, prompt_handler, prompt_router, schemars, tool, tool_handler, tool_router, ErrorData,
    Peer, RoleServer, ServerHandler,
};
use serde::Deserialize;
use serde_json::{json, Value};

/// A 1×1 PNG, base64.
const PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mOQ7yoAAAHlARq3nrB9AAAAAElFTkSuQmCC";
/// A WAV of eight samples of silence (8 kHz, mono, 8 bits), base64.
const WAV: &str = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";
/// The logger name of the server's log notifications.
const LOGGER: &str = "files-mcp-conformance";

/// The server of one session (of one request, in stateless mode).
struct Conformance {
    /// errgen's rendering options when ERRGEN=1; `None`: failing tools
    /// answer as rmcp servers usually do.
    errgen: Option<Arc<Options>>,
    /// The level `logging/setLevel` set; `None`: every message is sent.
    log_level: Mutex<Option<LoggingLevel>>,
    /// The URIs `resources/subscribe` subscribed to.
    subscriptions: Mutex<BTreeSet<String>>,
}

impl Conformance {
    fn new(errgen: Option<Arc<Options>>) -> Self {
        Conformance {
            errgen,
            log_level: Mutex::new(None),
            subscriptions: Mutex::new(BTreeSet::new()),
        }
    }

    /// What a tool that failed with `err` returns: with errgen, the
    /// catalog's wire form (an `isError` result carrying the problem
    /// document, or a JSON-RPC error where the catalog says so); without,
    /// an `isError` result holding the error's text. The verbose form goes
    /// to the log.
    fn fail(&self, tool: &str, err: errors::Error) -> Result<CallToolResult, ErrorData> {
        eprintln!("tool {tool} failed: {}", err.verbose_error());
        match &self.errgen {
            Some(options) => err.to_rmcp_call_result(options),
            None => Ok(CallToolResult::error(vec![ContentBlock::text(
                err.to_string(),
            )])),
        }
    }

    /// Sends a log notification of `level` unless `logging/setLevel` asked
    /// for more severe ones only.
    async fn log(&self, peer: &Peer<RoleServer>, level: LoggingLevel, message: &str) {
        let wanted = *self.log_level.lock().expect("log level lock");
        if wanted.is_some_and(|min| severity(level) < severity(min)) {
            return;
        }
        let param = LoggingMessageNotificationParam::new(level, json!(message)).with_logger(LOGGER);
        if let Err(e) = peer.notify_logging_message(param).await {
            eprintln!("log notification: {e}");
        }
    }

    /// Runs the tool `tool` that asks the user for input with a form of
    /// `schema` (a JSON Schema object): it tells what the user answered.
    async fn elicit(
        &self,
        tool: &str,
        peer: &Peer<RoleServer>,
        message: &str,
        schema: Value,
    ) -> Result<CallToolResult, ErrorData> {
        if !peer
            .supported_elicitation_modes()
            .contains(&ElicitationMode::Form)
        {
            return self.fail(tool, errors::CATALOG.from_error(Undeclared("elicitation")));
        }
        let requested_schema: ElicitationSchema = match serde_json::from_value(schema) {
            Ok(schema) => schema,
            Err(e) => return self.fail(tool, errors::CATALOG.from_error(e)),
        };
        let params = ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: message.into(),
            requested_schema,
        };
        match peer.create_elicitation(params).await {
            Ok(answer) => Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "Elicitation completed: {}",
                elicited(&answer)
            ))])),
            Err(e) => self.fail(tool, errors::CATALOG.from_error(e)),
        }
    }
}

/// The rank of a log level, from the least severe.
fn severity(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

/// The text of an elicitation's answer.
fn elicited(result: &ElicitResult) -> String {
    let action = match result.action {
        ElicitationAction::Accept => "accept",
        ElicitationAction::Decline => "decline",
        ElicitationAction::Cancel => "cancel",
        _ => "unknown",
    };
    let content = result.content.as_ref().unwrap_or(&Value::Null);
    format!("action={action}, content={content}")
}

/// The error of a tool that would ask the client for something (sampling,
/// elicitation) the client did not declare it can answer. In stateless
/// mode every client is such a one: each request stands alone, with
/// default capabilities, and rmcp rejects the client's answer, an HTTP
/// request of its own that no session takes to the waiting tool.
#[derive(Debug)]
struct Undeclared(&'static str);

impl fmt::Display for Undeclared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the client did not declare the {} capability", self.0)
    }
}

impl std::error::Error for Undeclared {}

/// The arguments of `test_sampling`.
#[derive(Deserialize, schemars::JsonSchema)]
struct SamplingArgs {
    /// The prompt to send to the client's model.
    prompt: String,
}

/// The arguments of `test_elicitation`.
#[derive(Deserialize, schemars::JsonSchema)]
struct ElicitationArgs {
    /// The message to show the user.
    message: String,
}

/// The arguments of `json_schema_2020_12_tool`.
#[derive(Deserialize)]
struct Greeting {
    name: Option<String>,
}

/// The input schema of `json_schema_2020_12_tool`, with the JSON Schema
/// 2020-12 keywords the suite checks rmcp keeps: `$schema`, `$defs`,
/// `additionalProperties`.
fn json_schema_2020_12() -> Arc<JsonObject> {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "type": "object",
                "properties": {
                    "street": {"type": "string"},
                    "city": {"type": "string"}
                }
            }
        },
        "properties": {
            "name": {"type": "string"},
            "address": {"$ref": "#/$defs/address"}
        },
        "additionalProperties": false
    });
    match schema {
        Value::Object(object) => Arc::new(object),
        _ => unreachable!("the schema is an object"),
    }
}

#[tool_router]
impl Conformance {
    #[tool(description = "Returns a line of text")]
    async fn test_simple_text(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::text(
            "This is a simple text response for testing.",
        )])
    }

    #[tool(description = "Returns a 1x1 PNG image")]
    async fn test_image_content(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::image(PNG, "image/png")])
    }

    #[tool(description = "Returns a short WAV recording of silence")]
    async fn test_audio_content(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::audio(WAV, "audio/wav")])
    }

    #[tool(description = "Returns an embedded text resource")]
    async fn test_embedded_resource(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::resource(
            ResourceContents::text(
                "This is an embedded resource content.",
                "test://embedded-resource",
            )
            .with_mime_type("text/plain"),
        )])
    }

    #[tool(description = "Returns text, an image and an embedded resource")]
    async fn test_multiple_content_types(&self) -> CallToolResult {
        CallToolResult::success(vec![
            ContentBlock::text("Multiple content types test:"),
            ContentBlock::image(PNG, "image/png"),
            ContentBlock::resource(
                ResourceContents::text(
                    r#"{"test":"data","value":123}"#,
                    "test://mixed-content-resource",
                )
                .with_mime_type("application/json"),
            ),
        ])
    }

    #[tool(description = "Sends three info log notifications while it runs")]
    async fn test_tool_with_logging(&self, peer: Peer<RoleServer>) -> CallToolResult {
        self.log(&peer, LoggingLevel::Info, "Tool execution started")
            .await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        self.log(&peer, LoggingLevel::Info, "Tool processing data")
            .await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        self.log(&peer, LoggingLevel::Info, "Tool execution completed")
            .await;
        CallToolResult::success(vec![ContentBlock::text("Logging test completed")])
    }

    #[tool(description = "Fails: the upstream service is unavailable (E_UPSTREAM_UNAVAILABLE)")]
    async fn test_error_handling(&self) -> Result<CallToolResult, ErrorData> {
        let err =
            errors::upstream_unavailable(errors::UpstreamUnavailableDetails::new("conformance"));
        self.fail("test_error_handling", err)
    }

    #[tool(description = "Reports its progress (0, 50, 100 of 100) when asked to")]
    async fn test_tool_with_progress(
        &self,
        meta: RequestMetaObject,
        peer: Peer<RoleServer>,
    ) -> CallToolResult {
        let token = meta.get_progress_token();
        for (i, progress) in [0.0, 50.0, 100.0].into_iter().enumerate() {
            if i > 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let Some(token) = &token else { continue };
            let param = ProgressNotificationParam::new(token.clone(), progress).with_total(100.0);
            if let Err(e) = peer.notify_progress(param).await {
                eprintln!("progress notification: {e}");
            }
        }
        CallToolResult::success(vec![ContentBlock::text("Progress test completed")])
    }

    #[tool(description = "Asks the client's model to answer a prompt (sampling)")]
    async fn test_sampling(
        &self,
        Parameters(SamplingArgs { prompt }): Parameters<SamplingArgs>,
        peer: Peer<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let declared = peer
            .peer_info()
            .is_some_and(|client| client.capabilities.sampling.is_some());
        if !declared {
            return self.fail(
                "test_sampling",
                errors::CATALOG.from_error(Undeclared("sampling")),
            );
        }
        let params = CreateMessageRequestParams::new(vec![SamplingMessage::user_text(prompt)], 100);
        match peer.create_message(params).await {
            Ok(answer) => {
                let text = answer
                    .message
                    .content
                    .into_vec()
                    .into_iter()
                    .find_map(|c| c.as_text().map(|t| t.text.clone()))
                    .unwrap_or_default();
                Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                    "LLM response: {text}"
                ))]))
            }
            Err(e) => self.fail("test_sampling", errors::CATALOG.from_error(e)),
        }
    }

    #[tool(description = "Asks the user for a username and an email address (elicitation)")]
    async fn test_elicitation(
        &self,
        Parameters(ElicitationArgs { message }): Parameters<ElicitationArgs>,
        peer: Peer<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let schema = json!({
            "type": "object",
            "properties": {
                "username": {"type": "string", "description": "User's response"},
                "email": {"type": "string", "description": "User's email address"}
            },
            "required": ["username", "email"]
        });
        self.elicit("test_elicitation", &peer, &message, schema)
            .await
    }

    #[tool(description = "Asks the user for values of every primitive type, each with a default")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        peer: Peer<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "User's name", "default": "John Doe"},
                "age": {"type": "integer", "description": "User's age", "default": 30},
                "score": {"type": "number", "description": "User's score", "default": 95.5},
                "status": {
                    "type": "string",
                    "description": "User's status",
                    "enum": ["active", "inactive", "pending"],
                    "default": "active"
                },
                "verified": {"type": "boolean", "description": "Whether user is verified", "default": true}
            }
        });
        let message = "Please provide values (all have defaults)";
        self.elicit("test_elicitation_sep1034_defaults", &peer, message, schema)
            .await
    }

    #[tool(description = "Asks the user to choose from each kind of enum a form can hold")]
    async fn test_elicitation_sep1330_enums(
        &self,
        peer: Peer<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let schema = json!({
            "type": "object",
            "properties": {
                "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
                "titledSingle": {
                    "type": "string",
                    "oneOf": [
                        {"const": "value1", "title": "First Option"},
                        {"const": "value2", "title": "Second Option"},
                        {"const": "value3", "title": "Third Option"}
                    ]
                },
                "legacyEnum": {
                    "type": "string",
                    "enum": ["opt1", "opt2", "opt3"],
                    "enumNames": ["Option One", "Option Two", "Option Three"]
                },
                "untitledMulti": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["option1", "option2", "option3"]}
                },
                "titledMulti": {
                    "type": "array",
                    "items": {
                        "anyOf": [
                            {"const": "value1", "title": "First Choice"},
                            {"const": "value2", "title": "Second Choice"},
                            {"const": "value3", "title": "Third Choice"}
                        ]
                    }
                }
            }
        });
        self.elicit(
            "test_elicitation_sep1330_enums",
            &peer,
            "Choose your options",
            schema,
        )
        .await
    }

    #[tool(
        description = "Greets someone; its input schema uses JSON Schema 2020-12 keywords",
        input_schema = json_schema_2020_12()
    )]
    async fn json_schema_2020_12_tool(
        &self,
        Parameters(Greeting { name }): Parameters<Greeting>,
    ) -> CallToolResult {
        let name = name.unwrap_or_else(|| "world".into());
        CallToolResult::success(vec![ContentBlock::text(format!("Hello, {name}!"))])
    }

    // The SSE polling scenario would have this tool close its POST stream
    // before it answers, for the client to resume with Last-Event-ID. rmcp
    // 3.11 can close a request's stream (LocalSessionHandle's
    // close_sse_stream) but does not tell a handler which stream is its
    // own, so the answer comes on that stream, which the scenario accepts
    // (as information, not a failure).
    #[tool(description = "Answers after a short delay (SSE polling)")]
    async fn test_reconnection(&self) -> CallToolResult {
        tokio::time::sleep(Duration::from_millis(100)).await;
        CallToolResult::success(vec![ContentBlock::text("Reconnection test completed")])
    }

    #[tool(description = "Fails with an error that is not the catalog's: the catalog's fallback")]
    async fn errgen_crash(&self) -> Result<CallToolResult, ErrorData> {
        let cause = std::io::Error::other("dial postgres://admin:hunter2@db.internal failed");
        self.fail("errgen_crash", errors::CATALOG.from_error(cause))
    }

    #[tool(description = "Fails with a policy denial, which the catalog sends as a JSON-RPC error")]
    async fn errgen_policy_denied(&self) -> Result<CallToolResult, ErrorData> {
        let err = errors::policy_env_not_allowed(errors::PolicyEnvNotAllowedDetails {
            variable: "CONFORMANCE_SECRET_VARIABLE".into(),
            policy_location: Some("/home/alice/policy.yaml".into()),
        })
        .with_cause(std::io::Error::other(
            "policy /home/alice/policy.yaml denies CONFORMANCE_SECRET_VARIABLE=hunter2",
        ));
        self.fail("errgen_policy_denied", err)
    }
}

/// The arguments of `test_prompt_with_arguments`.
#[derive(Deserialize, schemars::JsonSchema)]
struct PromptArgs {
    /// The first argument.
    arg1: String,
    /// The second argument.
    arg2: String,
}

/// The arguments of `test_prompt_with_embedded_resource`.
#[derive(Deserialize, schemars::JsonSchema)]
struct EmbeddedResourceArgs {
    /// The URI of the resource to embed.
    #[serde(rename = "resourceUri")]
    resource_uri: String,
}

#[prompt_router]
impl Conformance {
    /// A prompt without arguments.
    #[prompt]
    async fn test_simple_prompt(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            "This is a simple test prompt.",
        )]
    }

    /// A prompt with two arguments.
    #[prompt]
    async fn test_prompt_with_arguments(
        &self,
        Parameters(PromptArgs { arg1, arg2 }): Parameters<PromptArgs>,
    ) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!("Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"),
        )]
    }

    /// A prompt that embeds the resource its argument names.
    #[prompt]
    async fn test_prompt_with_embedded_resource(
        &self,
        Parameters(EmbeddedResourceArgs { resource_uri }): Parameters<EmbeddedResourceArgs>,
    ) -> Vec<PromptMessage> {
        let resource =
            ResourceContents::text("Embedded resource content for testing.", resource_uri)
                .with_mime_type("text/plain");
        vec![
            PromptMessage::new(Role::User, ContentBlock::resource(resource)),
            PromptMessage::new_text(Role::User, "Please process the embedded resource above."),
        ]
    }

    /// A prompt with an image.
    #[prompt]
    async fn test_prompt_with_image(&self) -> Vec<PromptMessage> {
        vec![
            PromptMessage::new(Role::User, ContentBlock::image(PNG, "image/png")),
            PromptMessage::new_text(Role::User, "Please analyze the image above."),
        ]
    }
}

/// The suggestions of `completion/complete` for an argument, before they
/// are narrowed to the ones starting with what the user typed.
fn completions(reference: &Reference, argument: &str) -> &'static [&'static str] {
    match (reference, argument) {
        (Reference::Prompt(_), "arg1" | "arg2") => &["hello", "world", "test", "testing"],
        (Reference::Resource(_), "id") => &["1", "2", "3", "123"],
        _ => &[],
    }
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Conformance {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_logging()
            .enable_completions()
            .enable_prompts()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_tools()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                env!("CARGO_PKG_NAME"),
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions("The MCP conformance suite's server, with errgen's errors")
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = vec![
            Resource::new("test://static-text", "Static text")
                .with_description("A static text resource")
                .with_mime_type("text/plain"),
            Resource::new("test://static-binary", "Static binary")
                .with_description("A static binary resource: a PNG image")
                .with_mime_type("image/png"),
        ];
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let template = ResourceTemplate::new("test://template/{id}/data", "Data by id")
            .with_description("The data of an id")
            .with_mime_type("application/json");
        Ok(ListResourceTemplatesResult::with_all_items(vec![template]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.as_str();
        let contents = match uri {
            "test://static-text" => {
                ResourceContents::text("This is the content of the static text resource.", uri)
                    .with_mime_type("text/plain")
            }
            "test://static-binary" => ResourceContents::blob(PNG, uri).with_mime_type("image/png"),
            _ => match uri
                .strip_prefix("test://template/")
                .and_then(|rest| rest.strip_suffix("/data"))
            {
                Some(id) if !id.is_empty() && !id.contains('/') => {
                    let data = json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")});
                    ResourceContents::text(data.to_string(), uri).with_mime_type("application/json")
                }
                _ => {
                    return Err(ErrorData::resource_not_found(
                        format!("no resource {uri}"),
                        Some(json!({"uri": uri})),
                    ))
                }
            },
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let mut subscriptions = self.subscriptions.lock().expect("subscriptions lock");
        subscriptions.insert(request.uri);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let mut subscriptions = self.subscriptions.lock().expect("subscriptions lock");
        subscriptions.remove(&request.uri);
        Ok(())
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        *self.log_level.lock().expect("log level lock") = Some(request.level);
        Ok(())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let typed = request.argument.value.as_str();
        let values = completions(&request.r#ref, &request.argument.name)
            .iter()
            .filter(|v| v.starts_with(typed))
            .map(|v| v.to_string())
            .collect();
        let info = CompletionInfo::new(values).map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CompleteResult::new(info))
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = std::env::var("PORT")
        .map_err(|_| "PORT is not set")?
        .parse()
        .map_err(|e| format!("PORT: {e}"))?;
    let errgen = match std::env::var("ERRGEN").as_deref() {
        Ok("1") => Some(Arc::new(Options::from_env("FILES_ERRORS")?)),
        _ => None,
    };
    let stateless = std::env::var("STATELESS").as_deref() == Ok("1");
    let mode = match (stateless, errgen.is_some()) {
        (false, false) => "sessions",
        (false, true) => "sessions, errgen",
        (true, false) => "stateless",
        (true, true) => "stateless, errgen",
    };

    let config = StreamableHttpServerConfig::default().with_legacy_session_mode(!stateless);
    let service = StreamableHttpService::new(
        move || Ok(Conformance::new(errgen.clone())),
        LocalSessionManager::default().into(),
        config,
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    eprintln!("serving MCP at http://127.0.0.1:{port}/mcp ({mode})");
    axum::serve(listener, router).await?;
    Ok(())
}
