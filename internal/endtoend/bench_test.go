package endtoend

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	mcp "github.com/errgen/errgen/gen/go"
)

// The hot path of a server: construct one error with details and encode it.
// "generated" uses the errgen output; "encoding_json" builds the equivalent
// map[string]any by hand and marshals it, as the servers do today;
// "encoding_json_struct" marshals the same object from tagged structs.

var sink []byte

func BenchmarkJSONRPC(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 2048)
		for i := 0; i < b.N; i++ {
			err := mcp.NewFileTooLarge(mcp.ResourceLimit{Resource: "file_size", Limit: 1048576, Actual: int64(5242880 + i%7), Unit: "bytes"})
			buf = err.AppendJSONRPC(buf[:0], nil)
		}
		sink = buf
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			actual, limit, unit := int64(5242880+i%7), int64(1048576), "bytes"
			m := map[string]any{
				"code":    -32602,
				"message": fmt.Sprintf("File is %d %s; the limit is %d %s", actual, unit, limit, unit),
				"data": map[string]any{
					"domain": "filesystem", "symbol": "E_FS_FILE_TOO_LARGE", "retryable": false,
					"context": map[string]any{
						"schemaVersion": 1, "type": "file_too_large",
						"details":     map[string]any{"resource": "file_size", "limit": limit, "actual": actual, "unit": unit},
						"userMessage": "The file is too large to read at once.",
						"suggestions": []string{"Read the file in chunks using offset and length", "Use 'tail' or 'head' mode for partial reads"},
						"retryable":   false,
					},
				},
			}
			out, err := json.Marshal(m)
			if err != nil {
				b.Fatal(err)
			}
			sink = out
		}
	})
	type details struct {
		Resource string `json:"resource"`
		Limit    int64  `json:"limit"`
		Actual   int64  `json:"actual"`
		Unit     string `json:"unit"`
	}
	type context struct {
		SchemaVersion int      `json:"schemaVersion"`
		Type          string   `json:"type"`
		Details       details  `json:"details"`
		UserMessage   string   `json:"userMessage"`
		Suggestions   []string `json:"suggestions"`
		Retryable     bool     `json:"retryable"`
	}
	type data struct {
		Domain    string  `json:"domain"`
		Symbol    string  `json:"symbol"`
		Retryable bool    `json:"retryable"`
		Context   context `json:"context"`
	}
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    data   `json:"data"`
	}
	b.Run("encoding_json_struct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			actual, limit, unit := int64(5242880+i%7), int64(1048576), "bytes"
			out, err := json.Marshal(rpcError{
				Code:    -32602,
				Message: fmt.Sprintf("File is %d %s; the limit is %d %s", actual, unit, limit, unit),
				Data: data{Domain: "filesystem", Symbol: "E_FS_FILE_TOO_LARGE", Context: context{
					SchemaVersion: 1, Type: "file_too_large",
					Details:     details{Resource: "file_size", Limit: limit, Actual: actual, Unit: unit},
					UserMessage: "The file is too large to read at once.",
					Suggestions: []string{"Read the file in chunks using offset and length", "Use 'tail' or 'head' mode for partial reads"},
				}},
			})
			if err != nil {
				b.Fatal(err)
			}
			sink = out
		}
	})
}

func BenchmarkProblem(b *testing.B) {
	o := errgenrt.DefaultOptions()
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 2048)
		for i := 0; i < b.N; i++ {
			err := mcp.NewFileTooLarge(mcp.ResourceLimit{Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"})
			buf = err.AppendProblem(buf[:0], &o)
		}
		sink = buf
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m := map[string]any{
				"type": "https://errors.mcp.example.dev/file-too-large", "title": "File too large", "status": 413,
				"detail":   fmt.Sprintf("File is %d %s; the limit is %d %s", 5242880, "bytes", 1048576, "bytes"),
				"instance": "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "timestamp": "2026-11-21T10:00:00Z",
				"symbol": "E_FS_FILE_TOO_LARGE", "retryable": false,
				"resource": "file_size", "limit": 1048576, "actual": 5242880, "unit": "bytes",
			}
			out, _ := json.Marshal(m)
			sink = out
		}
	})
}

func BenchmarkResponse(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 2048)
		for i := 0; i < b.N; i++ {
			err := mcp.NewFileTooLarge(mcp.ResourceLimit{Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"})
			buf = err.AppendResponse(buf[:0], nil)
		}
		sink = buf
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m := map[string]any{"error": true, "code": "E_FS_FILE_TOO_LARGE",
				"message": fmt.Sprintf("File is %d %s; the limit is %d %s", 5242880, "bytes", 1048576, "bytes"),
				"details": map[string]any{"resource": "file_size", "limit": 1048576, "actual": 5242880, "unit": "bytes"}}
			out, _ := json.Marshal(m)
			sink = out
		}
	})
}
