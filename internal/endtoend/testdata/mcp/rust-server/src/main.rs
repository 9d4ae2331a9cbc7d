//! An MCP server on the official Rust SDK whose tools fail every way a
//! tool fails, each failure sent in the catalog's wire form: a catalog
//! error as an isError tool result carrying its problem document, or, for
//! an error whose catalog entry says `mcp: {tool_errors: error}`, as a
//! JSON-RPC error; any other error as the catalog's fallback. The verbose
//! form, with the cause (its sensitive values redacted still), goes to the
//! server's log (standard error) only.

use files_errors::{self as errors, Options};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

struct Files {
    options: Options,
}

impl Files {
    /// Runs a tool: its result, or the error it fails with.
    fn run(&self, name: &str) -> Result<String, errors::Error> {
        match name {
            "read_file" => Err(errors::fs_file_too_large(errors::ResourceLimit {
                resource: "file_size".into(),
                limit: 1 << 20,
                actual: 5 << 20,
                unit: "bytes".into(),
            })),
            "read_env" => Err(errors::policy_env_not_allowed(
                errors::PolicyEnvNotAllowedDetails {
                    variable: "AWS_SECRET_ACCESS_KEY".into(),
                    policy_location: Some("/home/alice/policy.yaml".into()),
                },
            )),
            "fetch" => {
                let cause =
                    std::io::Error::other("connect https://svc:hunter2@db.internal/?token=abc");
                Err(errors::CATALOG.from_error(cause))
            }
            _ => Ok(format!("{name}: done")),
        }
    }
}

impl ServerHandler for Files {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = serde_json::Map::from_iter([("type".into(), "object".into())]);
        let tools = ["read_file", "read_env", "fetch", "ok"]
            .map(|name| Tool::new(name, "A tool of the test", schema.clone()));
        Ok(ListToolsResult::with_all_items(tools.into()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match self.run(&request.name) {
            Ok(text) => Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into()),
            Err(err) => {
                eprintln!("tool {} failed: {}", request.name, err.verbose_error());
                err.to_rmcp_call_result(&self.options).map(Into::into)
            }
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = Options::from_env("FILES_ERRORS")?;
    let server = Files { options }.serve(rmcp::transport::stdio()).await?;
    server.waiting().await?;
    Ok(())
}
