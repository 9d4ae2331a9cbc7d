package errgenrt

import "crypto/rand"

// appendUUIDURN appends a random urn:uuid: (version 4), quoted: the
// instance of a problem document whose occurrence and options set none.
// It is random, so no conformance vector can pin it (every input fixes its
// instance); TestUUIDURN checks its form.
func appendUUIDURN(dst []byte) []byte {
	var u [16]byte
	_, _ = rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	dst = append(dst, `"urn:uuid:`...)
	for i, b := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, hexDigits[b>>4], hexDigits[b&0xf])
	}
	return append(dst, '"')
}
