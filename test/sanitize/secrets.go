package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// The secrets are drawn from a ChaCha8 stream (math/rand/v2): a
// cryptographically strong generator, so they are as random as tokens from
// crypto/rand, yet the same for the same -seed.

const (
	alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digits  = "0123456789"
	b64std  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
)

// gen draws random bytes and strings from one seeded ChaCha8 stream.
type gen struct {
	src *rand.ChaCha8
	r   *rand.Rand
}

func newGen(seed uint64, purpose string) *gen {
	src := rand.NewChaCha8(seedBytes(seed, purpose))
	return &gen{src: src, r: rand.New(src)}
}

// bytes returns n random bytes.
func (g *gen) bytes(n int) []byte {
	b := make([]byte, n)
	_, _ = g.src.Read(b)
	return b
}

// between returns a uniform integer in [lo, hi].
func (g *gen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

// from returns n characters drawn uniformly from alphabet.
func (g *gen) from(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

// secretFormat is one kind of credential and how to draw one.
type secretFormat struct {
	name string
	draw func(g *gen) string
}

// secretFormats lists the formats real tokens have.
var secretFormats = []secretFormat{
	{"hex-32", func(g *gen) string { return hex.EncodeToString(g.bytes(16)) }},
	{"hex-40", func(g *gen) string { return hex.EncodeToString(g.bytes(20)) }},
	{"hex-64", func(g *gen) string { return hex.EncodeToString(g.bytes(32)) }},
	{"base64-std", func(g *gen) string {
		b := g.bytes(g.between(24, 64))
		if g.r.IntN(2) == 0 {
			return base64.RawStdEncoding.EncodeToString(b)
		}
		return base64.StdEncoding.EncodeToString(b)
	}},
	{"base64url", func(g *gen) string {
		b := g.bytes(g.between(24, 64))
		if g.r.IntN(2) == 0 {
			return base64.RawURLEncoding.EncodeToString(b)
		}
		return base64.URLEncoding.EncodeToString(b)
	}},
	{"jwt", drawJWT},
	{"github-ghp", func(g *gen) string { return "ghp_" + g.from(alnum, 36) }},
	{"slack-xoxb", func(g *gen) string {
		return "xoxb-" + g.from(digits, g.between(10, 13)) + "-" + g.from(digits, g.between(10, 13)) + "-" + g.from(alnum, 24)
	}},
	{"stripe-sk_live", func(g *gen) string { return "sk_live_" + g.from(alnum, g.between(24, 99)) }},
	{"aws-secret", func(g *gen) string { return g.from(b64std, 40) }},
	{"openai-sk", func(g *gen) string { return "sk-" + g.from(alnum, 48) }},
	{"alnum-32..64", func(g *gen) string { return g.from(alnum, g.between(32, 64)) }},
	{"letters-32..48", func(g *gen) string { return g.from(letters, g.between(32, 48)) }},
	{"lowercase-32..48", func(g *gen) string { return g.from(letters[26:], g.between(32, 48)) }},
	{"digits-32..40", func(g *gen) string { return g.from(digits, g.between(32, 40)) }},
}

// drawJWT returns a signed-looking JWT: a real header, a payload with
// random subject and id, and a random signature of the header's algorithm.
func drawJWT(g *gen) string {
	headers := []struct {
		json   string
		sigLen int
	}{
		{`{"alg":"HS256","typ":"JWT"}`, 32},
		{`{"alg":"RS256","typ":"JWT","kid":"%s"}`, 256},
		{`{"alg":"ES256","typ":"JWT"}`, 64},
		{`{"alg":"HS512"}`, 64},
	}
	h := headers[g.r.IntN(len(headers))]
	header := h.json
	if strings.Contains(header, "%s") {
		header = fmt.Sprintf(header, g.from(alnum, 20))
	}
	iat := 1_600_000_000 + g.r.IntN(200_000_000)
	payload, _ := json.Marshal(map[string]any{
		"sub": g.from(digits, g.between(1, 12)),
		"iat": iat,
		"exp": iat + 3600,
		"jti": hex.EncodeToString(g.bytes(8)),
	})
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(header)) + "." + enc.EncodeToString(payload) + "." + enc.EncodeToString(g.bytes(h.sigLen))
}

// secretContexts are messages that carry a secret, %s standing for it.
// None is a URL whose query the uri step would scrub, so the token rule
// alone has to catch the secret; one puts it in the path of a URL.
var secretContexts = []string{
	"auth failed for token %s",
	"Authorization: Bearer %s",
	"GET /v1/items?api_key=%s&limit=10: 401 Unauthorized",
	`upstream replied {"error":"invalid_token","token":"%s"}`,
	"export API_KEY=%s",
	"token '%s' has expired",
	"Set-Cookie: session=%s; Path=/; HttpOnly",
	"POST https://hooks.example.com/services/%s: 404 Not Found",
	"open /home/alice/.config/app/credentials: key %s rejected",
	"x-api-key: %s",
}

// secretCase is one string of the corpus holding the secret secret.
type secretCase struct {
	text, secret string
}

// secretCorpus draws n secrets of format f and returns each bare and in
// one of secretContexts.
func secretCorpus(g *gen, f secretFormat, n int) []secretCase {
	var out []secretCase
	for i := 0; i < n; i++ {
		s := f.draw(g)
		secret := s
		if f.name == "jwt" {
			// The header of a JWT is public, the same for every token of
			// an algorithm (eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 for
			// HS256): what must not survive is its payload and signature.
			secret = s[strings.IndexByte(s, '.')+1:]
		}
		ctx := secretContexts[g.r.IntN(len(secretContexts))]
		out = append(out, secretCase{s, secret}, secretCase{fmt.Sprintf(ctx, s), secret})
	}
	return out
}
