package golang

import (
	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/facts"
)

// The Go types of detail values: what a value is, the catalog's facts
// resolve for every output (facts.Kind); what follows are the choices of
// Go alone — a struct reached through $ref is held by pointer, an optional
// scalar or struct is a pointer so that absence shows, an error's details
// are always a struct.

// goType is how the Go package holds a value of a kind: ptr is set on a
// struct held by pointer.
type goType struct {
	k   *facts.Kind
	ptr bool
}

// fieldType is the Go type of a field or a slice's item of kind k: a
// struct reached through $ref is a pointer, since shapes may contain
// themselves.
func fieldType(k *facts.Kind) goType {
	t := goType{k: k}
	t.ptr = k.Ref && t.isStruct()
	return t
}

// extraType is the Go type of the other members (additionalProperties) of
// an open struct, of kind k: a struct is a pointer there, since map
// elements cannot be addressed.
func extraType(k *facts.Kind) goType {
	t := goType{k: k}
	t.ptr = t.isStruct()
	return t
}

// isStruct reports whether t is a struct: a generated one, or the
// built-in errgenrt.FieldErrors.
func (t goType) isStruct() bool {
	return t.k.Class == facts.ClassObject || t.k.Class == facts.ClassFieldErrors
}

// pointable reports whether an optional field of type t is a pointer;
// slices, maps, untyped values and struct pointers tell absence by nil
// already.
func (t goType) pointable() bool {
	switch t.k.Class {
	case facts.ClassString, facts.ClassEnum, facts.ClassInteger, facts.ClassNumber, facts.ClassBoolean:
		return true
	}
	return t.isStruct() && !t.ptr
}

// structCode is the struct of an object of kind k, or of an error's
// details (a struct even when they declare no property): its generated
// type, or errgenrt.FieldErrors.
func structCode(k *facts.Kind) *jen.Statement {
	if k.Class == facts.ClassFieldErrors {
		return rt("FieldErrors")
	}
	return jen.Id(k.Schema.GoName)
}
