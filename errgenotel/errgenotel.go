// Package errgenotel records an errgen catalog's errors in OpenTelemetry:
// on the request's span, as an exception log record, and as a counter of
// the errors the catalog rendered. It is optional: errgenrt itself
// depends on nothing, and a server that does not import this package pays
// nothing for it.
//
//	inst, err := errgenotel.Install(fserrors.Catalog)
//	if err != nil { ... }
//	defer inst.Uninstall()
//
// Once installed, the errgenmcp middleware and
// [errgenrt.Catalog.WriteProblemContext] record every error they send,
// once, with the request's context; [Instrumentation.Record] records an
// error a server sends some other way.
//
// What is recorded (the same in every errgen runtime):
//
//   - On the active span, when it is recording: errgen.error.symbol,
//     errgen.error.code and errgen.error.domain, and error.type. On a
//     server span (an HTTP response, or [Instrumentation.Record] with
//     [errgenrt.SentHTTP]) error.type is the symbol, and the status is
//     Error, described by the message, only for a server fault (HTTP
//     status 500 or more): a client's 4xx leaves it unset, as the HTTP
//     conventions say. On an MCP span, as the MCP conventions say,
//     error.type is the JSON-RPC code ("-32602") with
//     rpc.response.status_code beside it, or tool_error for an isError
//     tool result, and the status is Error.
//   - One log record, the event "exception" in the current context:
//     severity ERROR for a server fault and WARN otherwise, with
//     exception.type (the symbol), exception.message, error.type and the
//     errgen.error attributes; no body and no stack trace.
//   - The counter errgen.errors ({error}), read from the catalog's
//     [errgenrt.Metrics] when exported: one point per symbol, with
//     error.type (the symbol) and the errgen.error attributes. Its
//     numbers are the sys/errorStats numbers.
//
// Nothing recorded holds more than the wire carries by default: the
// message is rendered with the default options (sensitive values
// redacted, bounded, no verbose-only fields) whatever options the server
// sends with, and nothing of a cause appears unless the occurrence was
// made [errgenrt.WithTelemetryCause] (then errgen.error.cause on the log
// record holds its text, bounded). A foreign error records as the
// catalog's fallback. Every attribute value comes from the catalog, so
// error.type takes at most as many values as the catalog has symbols,
// plus tool_error and the JSON-RPC codes on MCP spans.
package errgenotel

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/log"
	"go.opentelemetry.io/otel/log/global"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
)

// ScopeName is the instrumentation scope of the logger and the meter.
const ScopeName = "errgen"

// The attributes recorded.
const (
	AttrSymbol = attribute.Key("errgen.error.symbol")
	AttrCode   = attribute.Key("errgen.error.code")
	AttrDomain = attribute.Key("errgen.error.domain")
	AttrCause  = attribute.Key("errgen.error.cause")

	attrErrorType        = attribute.Key("error.type")
	attrRPCStatusCode    = attribute.Key("rpc.response.status_code")
	attrExceptionType    = attribute.Key("exception.type")
	attrExceptionMessage = attribute.Key("exception.message")
)

// MetricName is the counter of rendered errors.
const MetricName = "errgen.errors"

// ToolError is error.type of an MCP isError tool result.
const ToolError = "tool_error"

// An Option sets where Install records.
type Option func(*config)

type config struct {
	meters  metric.MeterProvider
	loggers log.LoggerProvider
}

// WithMeterProvider records the counter with mp instead of the global
// meter provider.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *config) { c.meters = mp }
}

// WithLoggerProvider emits the exception log records with lp instead of
// the global logger provider.
func WithLoggerProvider(lp log.LoggerProvider) Option {
	return func(c *config) { c.loggers = lp }
}

// Instrumentation is errgenotel installed on a catalog.
type Instrumentation struct {
	catalog      *errgenrt.Catalog
	logger       log.Logger
	registration metric.Registration
}

// installed holds the instrumentation installed on each catalog.
var (
	installedMu sync.Mutex
	installed   = map[*errgenrt.Catalog]*Instrumentation{}
)

// Install records c's errors: it sets c.OnSend, enables c's metrics and
// registers the errgen.errors counter. Installing again replaces the
// instrumentation installed before (uninstalled first), so nothing is
// recorded or counted twice. Install before the catalog serves.
func Install(c *errgenrt.Catalog, opts ...Option) (*Instrumentation, error) {
	installedMu.Lock()
	defer installedMu.Unlock()
	if prev := installed[c]; prev != nil {
		if err := prev.uninstall(); err != nil {
			return nil, err
		}
	}
	cfg := config{meters: otel.GetMeterProvider(), loggers: global.GetLoggerProvider()}
	for _, o := range opts {
		o(&cfg)
	}
	i := &Instrumentation{catalog: c, logger: cfg.loggers.Logger(ScopeName)}
	metrics := c.EnableMetrics()
	meter := cfg.meters.Meter(ScopeName)
	counter, err := meter.Int64ObservableCounter(MetricName,
		metric.WithUnit("{error}"),
		metric.WithDescription("Errors errgen rendered, by catalog symbol"))
	if err != nil {
		return nil, err
	}
	i.registration, err = meter.RegisterCallback(func(_ context.Context, o metric.Observer) error {
		for symbol, n := range metrics.Snapshot().BySymbol {
			if d := c.BySymbol(symbol); d != nil {
				a := defAttrs(d)
				o.ObserveInt64(counter, n, metric.WithAttributes(attrErrorType.String(d.Symbol), a[0], a[1], a[2]))
			}
		}
		return nil
	}, counter)
	if err != nil {
		return nil, err
	}
	c.OnSend = i.record
	installed[c] = i
	return i, nil
}

// Uninstall stops recording: it clears the catalog's OnSend hook and
// unregisters the counter. The catalog's metrics keep counting.
// Uninstalling an instrumentation another Install replaced does nothing.
func (i *Instrumentation) Uninstall() error {
	installedMu.Lock()
	defer installedMu.Unlock()
	if installed[i.catalog] != i {
		return nil
	}
	return i.uninstall()
}

func (i *Instrumentation) uninstall() error {
	i.catalog.OnSend = nil
	delete(installed, i.catalog)
	return i.registration.Unregister()
}

// Record records err, sent via, as errgen's adapters do for the errors
// they send: for an error a server sends itself (errgenmcp.RPCError or
// ToolResult, a response of its own). A foreign error records as the
// catalog's fallback; nil records nothing.
func (i *Instrumentation) Record(ctx context.Context, err error, via errgenrt.SentVia) {
	if e := i.catalog.From(err); e != nil {
		i.record(ctx, e.Wire(), via)
	}
}

func defAttrs(d *errgenrt.Def) [3]attribute.KeyValue {
	return [3]attribute.KeyValue{AttrSymbol.String(d.Symbol), AttrCode.Int64(d.Code), AttrDomain.String(d.Domain)}
}

// record records e, the error the wire carries.
func (i *Instrumentation) record(ctx context.Context, e *errgenrt.Error, via errgenrt.SentVia) {
	d := e.Def
	fault := e.Status() >= 500
	message := e.Message(nil) // what the wire carries by default
	errorType := d.Symbol
	switch via {
	case errgenrt.SentJSONRPC:
		errorType = strconv.FormatInt(d.WireCode, 10)
	case errgenrt.SentTool:
		errorType = ToolError
	}
	attrs := defAttrs(d)

	if span := trace.SpanFromContext(ctx); span.IsRecording() {
		span.SetAttributes(attrs[0], attrs[1], attrs[2], attrErrorType.String(errorType))
		if via == errgenrt.SentJSONRPC {
			span.SetAttributes(attrRPCStatusCode.String(errorType))
		}
		// The MCP conventions mark every MCP error; the HTTP ones only a
		// server fault.
		if fault || via == errgenrt.SentJSONRPC || via == errgenrt.SentTool {
			span.SetStatus(codes.Error, message)
		}
	}

	var r log.Record
	now := time.Now()
	r.SetTimestamp(now)
	r.SetObservedTimestamp(now)
	r.SetEventName("exception")
	if fault {
		r.SetSeverity(log.SeverityError)
		r.SetSeverityText("ERROR")
	} else {
		r.SetSeverity(log.SeverityWarn)
		r.SetSeverityText("WARN")
	}
	r.AddAttributes(
		attrExceptionType.String(d.Symbol),
		attrExceptionMessage.String(message),
		attrErrorType.String(errorType),
		attrs[0], attrs[1], attrs[2],
	)
	if cause := e.TelemetryCause(); cause != "" {
		r.AddAttributes(AttrCause.String(cause))
	}
	i.logger.Emit(ctx, r)
}
