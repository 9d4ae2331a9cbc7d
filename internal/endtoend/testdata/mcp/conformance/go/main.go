// Command server is the Go MCP server that errgen's conformance test runs
// the official MCP conformance suite (@modelcontextprotocol/conformance,
// every server scenario) against: a server on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk), built as the SDK's own examples
// build one, with the tools, resources and prompts the suite's scenarios
// name. The suite's error tool, test_error_handling, fails with a catalog
// error, and two tools of errgen's fail in the other ways errgen cares
// about: errgen_crash with a plain Go error holding a credential,
// errgen_policy_denied with a catalog error that the catalog sends as a
// JSON-RPC error, with secret details and a cause.
//
// The test builds it outside the repository, in a module
// example.com/mcpserver holding the catalog
// internal/endtoend/testdata/mcp/errors.yaml and the Go package errgen
// generates from it (example.com/mcpserver/fileserrors), and runs it
// through test/mcp-conformance/run.mjs, which starts it twice, with and
// without ERRGEN=1, and compares the suite's results. The environment:
//
//	PORT       the port of 127.0.0.1 to serve Streamable HTTP on, at /mcp
//	STATELESS  1: the SDK's stateless Streamable HTTP mode; otherwise sessions
//	ERRGEN     1: install errgen's adapter, errgenmcp.Middleware, as errgen's
//	           docs show; nothing else differs between the two servers
//
// Every failing tool returns an ordinary Go error. Without errgen the SDK
// sends it as an isError tool result whose text is the error's text; with
// errgen the middleware sends it in the catalog's form: an isError result
// carrying the RFC 9457 problem document, or a JSON-RPC error where the
// catalog says so, with no secret and no cause text on the wire.
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/errgen/errgen/errgenmcp"
	"github.com/errgen/errgen/errgenrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/mcpserver/fileserrors"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		log.Fatal("PORT is not set")
	}
	stateless := os.Getenv("STATELESS") == "1"
	withErrgen := os.Getenv("ERRGEN") == "1"

	server := newServer(withErrgen)
	ctx := context.Background()
	go updateWatchedResource(ctx, server, 3*time.Second)

	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{
		Stateless: stateless,
		// An event store makes the server's SSE streams resumable (SEP-1699,
		// the suite's server-sse-polling): on protocol version 2025-11-25 the
		// SDK starts each stream with a priming event and replays what a
		// client missed when it reconnects with Last-Event-ID.
		EventStore: mcp.NewMemoryEventStore(nil),
		Logger:     slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)

	addr := net.JoinHostPort("127.0.0.1", port)
	log.Printf("conformance server (stateless=%t, errgen=%t) listening at http://%s/mcp", stateless, withErrgen, addr)
	httpServer := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(httpServer.ListenAndServe())
}

// newServer builds the server: the SDK's server with a completion handler
// and resource subscriptions, the suite's tools, resources and prompts, and
// errgen's tools, behind errgen's middleware when withErrgen is set.
func newServer(withErrgen bool) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "errgen-conformance-server", Version: "1.0.0"}, &mcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   subscribe,
		UnsubscribeHandler: unsubscribe,
	})
	if withErrgen {
		server.AddReceivingMiddleware(errgenmcp.Middleware(fileserrors.Catalog, nil))
	}
	addSuiteTools(server)
	addErrgenTools(server)
	addResources(server)
	addPrompts(server)
	return server
}

// text is a tool result of one text content.
func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// -----------------------------------------------------------------------------
// The suite's tools

// samplingArgs are the arguments of test_sampling.
type samplingArgs struct {
	Prompt string `json:"prompt" jsonschema:"the prompt to send to the client's LLM"`
}

// elicitationArgs are the arguments of test_elicitation.
type elicitationArgs struct {
	Message string `json:"message" jsonschema:"the message to show the user"`
}

// jsonSchema202012 is the input schema of json_schema_2020_12_tool, with
// the JSON Schema 2020-12 keywords ($schema, $defs, additionalProperties)
// that tools/list must send as they are.
const jsonSchema202012 = `{
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
}`

func addSuiteTools(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "test_simple_text", Description: "Returns one text content."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return text("This is a simple text response for testing."), nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_image_content", Description: "Returns one image content (a PNG)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: pngImage, MIMEType: "image/png"}}}, nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_audio_content", Description: "Returns one audio content (a WAV)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.AudioContent{Data: wavAudio, MIMEType: "audio/wav"}}}, nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_embedded_resource", Description: "Returns one embedded resource."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content.",
			}}}}, nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_multiple_content_types", Description: "Returns text, image and embedded resource content."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.TextContent{Text: "Multiple content types test:"},
				&mcp.ImageContent{Data: pngImage, MIMEType: "image/png"},
				&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
					URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`,
				}},
			}}, nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_tool_with_logging", Description: "Sends three info log messages while it runs."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
				if i > 0 {
					time.Sleep(50 * time.Millisecond)
				}
				//lint:ignore SA1019 the suite tests logging, deprecated as of protocol version 2026-07-28 (SEP-2577)
				if err := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Logger: "test_tool_with_logging", Data: msg}); err != nil {
					return nil, nil, fmt.Errorf("log: %w", err)
				}
			}
			return text("Tool with logging executed successfully"), nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_tool_with_progress", Description: "Reports progress 0, 50 and 100 of 100 while it runs."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			token := req.Params.GetProgressToken()
			for i, progress := range []float64{0, 50, 100} {
				if i > 0 {
					time.Sleep(50 * time.Millisecond)
				}
				if token == nil {
					continue // the client asked for no progress
				}
				if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
					ProgressToken: token, Progress: progress, Total: 100, Message: fmt.Sprintf("%.0f of 100", progress),
				}); err != nil {
					return nil, nil, fmt.Errorf("progress: %w", err)
				}
			}
			return text(fmt.Sprintf("Progress reported for token %v", token)), nil, nil
		})

	// The suite's error scenario: the tool fails with a catalog error. The
	// SDK alone sends its text as an isError result; errgen sends the
	// problem document.
	mcp.AddTool(server, &mcp.Tool{Name: "test_error_handling", Description: "Always fails: the upstream service is unavailable."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return nil, nil, fileserrors.NewUpstreamUnavailable(fileserrors.UpstreamUnavailableDetails{Service: "conformance"})
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_sampling", Description: "Asks the client's LLM to complete a prompt (sampling/createMessage)."},
		func(ctx context.Context, req *mcp.CallToolRequest, in samplingArgs) (*mcp.CallToolResult, any, error) {
			// Sampling, like logging, is deprecated as of protocol version
			// 2026-07-28 (SEP-2577), and the suite tests it.
			//lint:ignore SA1019 the suite tests sampling
			message := &mcp.SamplingMessage{Role: "user", Content: &mcp.TextContent{Text: in.Prompt}}
			//lint:ignore SA1019 the suite tests sampling
			res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{Messages: []*mcp.SamplingMessage{message}, MaxTokens: 100})
			if err != nil {
				return nil, nil, fmt.Errorf("sampling: %w", err)
			}
			answer := "(not text)"
			if t, ok := res.Content.(*mcp.TextContent); ok {
				answer = t.Text
			}
			return text("LLM response: " + answer), nil, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "test_elicitation", Description: "Asks the user for a username and an email address (elicitation/create)."},
		func(ctx context.Context, req *mcp.CallToolRequest, in elicitationArgs) (*mcp.CallToolResult, any, error) {
			return elicit(ctx, req, in.Message, map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string", "description": "User's response"},
					"email":    map[string]any{"type": "string", "description": "User's email address"},
				},
				"required": []string{"username", "email"},
			})
		})

	// SEP-1034: a default value for every primitive type.
	mcp.AddTool(server, &mcp.Tool{Name: "test_elicitation_sep1034_defaults", Description: "Elicits a form whose fields all have default values (SEP-1034)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return elicit(ctx, req, "Please review your profile", map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name":     map[string]any{"type": "string", "default": "John Doe"},
					"age":      map[string]any{"type": "integer", "default": 30},
					"score":    map[string]any{"type": "number", "default": 95.5},
					"status":   map[string]any{"type": "string", "enum": []string{"active", "inactive", "pending"}, "default": "active"},
					"verified": map[string]any{"type": "boolean", "default": true},
				},
			})
		})

	// SEP-1330: the five forms of enum a form may ask for.
	mcp.AddTool(server, &mcp.Tool{Name: "test_elicitation_sep1330_enums", Description: "Elicits a form with every kind of enum field (SEP-1330)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			titled := func(prefix string) []map[string]any {
				return []map[string]any{
					{"const": "value1", "title": prefix + " One"},
					{"const": "value2", "title": prefix + " Two"},
					{"const": "value3", "title": prefix + " Three"},
				}
			}
			options := []string{"option1", "option2", "option3"}
			return elicit(ctx, req, "Please pick your options", map[string]any{
				"type": "object",
				"properties": map[string]any{
					"untitledSingle": map[string]any{"type": "string", "enum": options},
					"titledSingle":   map[string]any{"type": "string", "oneOf": titled("Option")},
					"legacyEnum": map[string]any{"type": "string", "enum": []string{"opt1", "opt2", "opt3"},
						"enumNames": []string{"Option One", "Option Two", "Option Three"}},
					"untitledMulti": map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": options}},
					"titledMulti":   map[string]any{"type": "array", "items": map[string]any{"anyOf": titled("Choice")}},
				},
			})
		})

	// SEP-1613: the input schema is given as JSON, and tools/list must send
	// it unchanged.
	mcp.AddTool(server, &mcp.Tool{Name: "json_schema_2020_12_tool", Description: "Has an input schema with JSON Schema 2020-12 keywords (SEP-1613).",
		InputSchema: json.RawMessage(jsonSchema202012)},
		func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
			b, err := json.Marshal(in)
			if err != nil {
				return nil, nil, err
			}
			return text("Received: " + string(b)), nil, nil
		})

	// SEP-1699: the server closes the SSE stream of the call before it
	// answers; the client reconnects with Last-Event-ID and gets the result
	// from the event store.
	mcp.AddTool(server, &mcp.Tool{Name: "test_reconnection", Description: "Closes its SSE stream mid-call and answers after the client reconnects (SEP-1699)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			if req.Extra != nil && req.Extra.CloseSSEStream != nil {
				req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 50 * time.Millisecond})
			}
			time.Sleep(200 * time.Millisecond)
			return text("Reconnection test completed: the result arrived after the stream was closed."), nil, nil
		})
}

// elicit asks the user to fill in a form of schema and returns the answer
// as text.
func elicit(ctx context.Context, req *mcp.CallToolRequest, message string, schema map[string]any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: schema})
	if err != nil {
		return nil, nil, fmt.Errorf("elicitation: %w", err)
	}
	content, err := json.Marshal(res.Content)
	if err != nil {
		return nil, nil, err
	}
	return text(fmt.Sprintf("Elicitation completed: action=%s, content=%s", res.Action, content)), nil, nil
}

// -----------------------------------------------------------------------------
// errgen's tools

func addErrgenTools(server *mcp.Server) {
	// A foreign error whose text holds a credential: with errgen the client
	// gets the catalog's fallback (E_INTERNAL) and none of the text.
	mcp.AddTool(server, &mcp.Tool{Name: "errgen_crash", Description: "Fails with a plain Go error that is not in the catalog."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return nil, nil, errors.New("dial postgres://admin:hunter2@db.internal failed")
		})

	// A policy denial: the catalog marks E_POLICY_ENV_NOT_ALLOWED
	// `mcp: {tool_errors: error}`, so with errgen it is a JSON-RPC error
	// (code 3002) with the variable redacted (x-sensitive), the policy's
	// location left out (x-verbose) and the cause unsent.
	mcp.AddTool(server, &mcp.Tool{Name: "errgen_policy_denied", Description: "Fails with a policy denial that carries secret details and a cause."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			return nil, nil, fileserrors.NewPolicyEnvNotAllowed(fileserrors.PolicyEnvNotAllowedDetails{
				Variable:       "CONFORMANCE_SECRET_VARIABLE",
				PolicyLocation: errgenrt.Ptr("/home/alice/policy.yaml"),
			}, errgenrt.WithCause(errors.New("policy lookup with token hunter2 denied the variable")))
		})
}

// -----------------------------------------------------------------------------
// Resources

const watchedURI = "test://watched-resource"

// watchedVersion counts the updates of the watched resource.
var watchedVersion atomic.Int64

// templatePattern matches the URIs of the resource template
// test://template/{id}/data and captures the id.
var templatePattern = regexp.MustCompile(`^test://template/([^/]+)/data$`)

// staticURIs are the resources a client may subscribe to.
var staticURIs = map[string]bool{"test://static-text": true, "test://static-binary": true, watchedURI: true}

func addResources(server *mcp.Server) {
	server.AddResource(&mcp.Resource{URI: "test://static-text", Name: "static-text", Description: "A static text resource.", MIMEType: "text/plain"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
				URI: req.Params.URI, MIMEType: "text/plain", Text: "This is the content of the static text resource.",
			}}}, nil
		})

	server.AddResource(&mcp.Resource{URI: "test://static-binary", Name: "static-binary", Description: "A static binary resource (a PNG image).", MIMEType: "image/png"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/png", Blob: pngImage}}}, nil
		})

	server.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "test://template/{id}/data", Name: "template", Description: "A JSON document per id.", MIMEType: "application/json"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			m := templatePattern.FindStringSubmatch(req.Params.URI)
			if m == nil {
				return nil, mcp.ResourceNotFoundError(req.Params.URI)
			}
			doc, err := json.Marshal(map[string]any{"id": m[1], "templateTest": true, "data": "Data for ID: " + m[1]})
			if err != nil {
				return nil, err
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(doc)}}}, nil
		})

	server.AddResource(&mcp.Resource{URI: watchedURI, Name: "watched-resource", Description: "A resource that changes every few seconds; subscribe to hear of it.", MIMEType: "text/plain"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
				URI: req.Params.URI, MIMEType: "text/plain", Text: fmt.Sprintf("Watched resource, version %d", watchedVersion.Load()),
			}}}, nil
		})
}

// subscribe accepts subscriptions to the server's resources; the SDK keeps
// track of them and sends notifications/resources/updated to subscribers.
func subscribe(ctx context.Context, req *mcp.SubscribeRequest) error {
	if !staticURIs[req.Params.URI] {
		return mcp.ResourceNotFoundError(req.Params.URI)
	}
	return nil
}

// unsubscribe ends a subscription; the SDK forgets it.
func unsubscribe(ctx context.Context, req *mcp.UnsubscribeRequest) error {
	return nil
}

// updateWatchedResource changes the watched resource every interval and
// tells its subscribers.
func updateWatchedResource(ctx context.Context, server *mcp.Server, interval time.Duration) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			watchedVersion.Add(1)
			if err := server.ResourceUpdated(ctx, &mcp.ResourceUpdatedNotificationParams{URI: watchedURI}); err != nil {
				log.Printf("resource update: %v", err)
			}
		}
	}
}

// -----------------------------------------------------------------------------
// Prompts and completion

func addPrompts(server *mcp.Server) {
	server.AddPrompt(&mcp.Prompt{Name: "test_simple_prompt", Description: "A prompt without arguments."},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.TextContent{Text: "This is a simple prompt for testing."}},
			}}, nil
		})

	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_arguments", Description: "A prompt with two required arguments.",
		Arguments: []*mcp.PromptArgument{
			{Name: "arg1", Description: "The first argument", Required: true},
			{Name: "arg2", Description: "The second argument", Required: true},
		}},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			args := req.Params.Arguments
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.TextContent{Text: fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", args["arg1"], args["arg2"])}},
			}}, nil
		})

	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_embedded_resource", Description: "A prompt that embeds the resource it is given.",
		Arguments: []*mcp.PromptArgument{{Name: "resourceUri", Description: "The URI of the resource to embed", Required: true}}},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
					URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing.",
				}}},
				{Role: "user", Content: &mcp.TextContent{Text: "Please process the embedded resource above."}},
			}}, nil
		})

	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_image", Description: "A prompt with an image."},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.ImageContent{Data: pngImage, MIMEType: "image/png"}},
				{Role: "user", Content: &mcp.TextContent{Text: "Please describe the image above."}},
			}}, nil
		})
}

// completionValues are the values complete offers for any argument.
var completionValues = []string{"paris", "park", "party", "test", "testing"}

// complete offers the completion values that start with what the client
// has typed so far.
func complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	values := []string{} // never nil: "values" is a required array
	for _, v := range completionValues {
		if strings.HasPrefix(v, req.Params.Argument.Value) {
			values = append(values, v)
		}
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}, nil
}

// -----------------------------------------------------------------------------
// Media

// pngImage is a 1×1 red PNG image; wavAudio is a WAV file of a few samples
// of silence.
var pngImage, wavAudio = encodePNG(), encodeWAV()

func encodePNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// encodeWAV returns a RIFF WAVE file: 8 kHz, 16-bit mono PCM, 8 samples of
// silence.
func encodeWAV() []byte {
	const rate, bits, channels, samples = 8000, 16, 1, 8
	data := make([]byte, samples*channels*bits/8)
	var b bytes.Buffer
	put := func(v any) {
		if err := binary.Write(&b, binary.LittleEndian, v); err != nil {
			panic(err)
		}
	}
	b.WriteString("RIFF")
	put(uint32(36 + len(data)))
	b.WriteString("WAVEfmt ")
	put(uint32(16))                         // the fmt chunk's size
	put(uint16(1))                          // PCM
	put(uint16(channels))                   // channels
	put(uint32(rate))                       // sample rate
	put(uint32(rate * channels * bits / 8)) // byte rate
	put(uint16(channels * bits / 8))        // block align
	put(uint16(bits))                       // bits per sample
	b.WriteString("data")
	put(uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}
