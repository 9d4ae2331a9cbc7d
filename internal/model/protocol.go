package model

// ProtocolErrors returns the errors a JSON-RPC error names by its code
// alone: those of a reserved domain (the JSON-RPC protocol's own errors,
// such as -32700 Parse error) whose wire code no other error of the catalog
// has. A protocol error is often sent without data (a parse error has no
// request to speak of), so its code is what names it; any other code is
// shared by catalogs, MCP SDKs and other servers, and names no error alone.
// In code order.
func (c *Catalog) ProtocolErrors() []*Error {
	count := map[int64]int{}
	for _, e := range c.Errors {
		count[e.WireCode]++
	}
	var out []*Error
	for _, e := range c.Errors {
		if e.Domain != nil && e.Domain.Reserved && count[e.WireCode] == 1 {
			out = append(out, e)
		}
	}
	return out
}
