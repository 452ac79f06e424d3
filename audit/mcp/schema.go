package mcp

import (
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/composestab/composestab/stability"
)

// schemaPatch refines one property of an inferred input schema.
type schemaPatch func(*jsonschema.Schema)

// inputSchema is T's schema, inferred from its fields and their descriptions, with patches
// applied by property name. A property without omitempty is required.
func inputSchema[T any](patches map[string]schemaPatch) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("input schema of %T: %v", *new(T), err))
	}
	if p, ok := s.Properties["compiler"]; ok {
		p.Description = compilerDescription()
	}
	for name, patch := range patches {
		p, ok := s.Properties[name]
		if !ok {
			panic(fmt.Sprintf("input schema of %T: no property %q", *new(T), name))
		}
		patch(p)
	}
	return s
}

// nonEmptyList is a required list of at least one item.
func nonEmptyList(p *jsonschema.Schema) {
	p.Types, p.Type = nil, "array"
	p.MinItems = ptr(1)
}

func nonEmptyString(p *jsonschema.Schema) { p.MinLength = ptr(1) }

func enum(values ...string) schemaPatch {
	return func(p *jsonschema.Schema) {
		for _, v := range values {
			p.Enum = append(p.Enum, v)
		}
	}
}

func pageLimit(p *jsonschema.Schema) {
	p.Minimum, p.Maximum = ptr(1.0), ptr(float64(MaxPageSize))
}

// outputSchema is T's schema as its JSON encoding has it: the kinds and visibilities of
// classes, integers in Go, are encoded as their Kotlin words.
func outputSchema[T any]() *jsonschema.Schema {
	rt := reflect.TypeFor[T]()
	for rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	s, err := jsonschema.ForType(rt, &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[stability.ClassKind]():  {Type: "string"},
		reflect.TypeFor[stability.Visibility](): {Type: "string"},
	}})
	if err != nil {
		panic(fmt.Sprintf("output schema of %v: %v", rt, err))
	}
	nullableMaps(s)
	return s
}

// nullableMaps lets every map of the schema be null, as a nil Go map encodes: the SDK validates
// each answer against the schema, and a valid answer must never fail for want of an empty map.
func nullableMaps(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	// A map has additionalProperties and no properties; a struct has properties, and
	// additionalProperties false.
	if s.Type == "object" && s.Properties == nil && s.AdditionalProperties != nil {
		s.Types, s.Type = []string{"null", "object"}, ""
	}
	for _, p := range s.Properties {
		nullableMaps(p)
	}
	nullableMaps(s.Items)
	nullableMaps(s.AdditionalProperties)
}

// compilerDescription describes the compiler argument with the releases this build knows.
func compilerDescription() string {
	v := stability.SupportedCompilers
	return fmt.Sprintf("The Kotlin release whose Compose compiler builds the app (%s to %s, or X.Y for its newest patch); default %s",
		v[0], v[len(v)-1], stability.DefaultCompiler)
}
