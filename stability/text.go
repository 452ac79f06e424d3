package stability

import "fmt"

// MarshalText encodes a kind as its Kotlin words ("enum class"), the form reports use.
func (k ClassKind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, fmt.Errorf("stability: no such class kind %d", k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a kind written by MarshalText.
func (k *ClassKind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = ClassKind(i)
			return nil
		}
	}
	return fmt.Errorf("stability: unknown class kind %q", b)
}

var visibilityNames = [...]string{"public", "internal", "protected", "private", "local"}

// MarshalText encodes a visibility as its Kotlin keyword.
func (v Visibility) MarshalText() ([]byte, error) {
	if int(v) >= len(visibilityNames) {
		return nil, fmt.Errorf("stability: no such visibility %d", v)
	}
	return []byte(v.String()), nil
}

// UnmarshalText decodes a visibility written by MarshalText.
func (v *Visibility) UnmarshalText(b []byte) error {
	for i, n := range visibilityNames {
		if n == string(b) {
			*v = Visibility(i)
			return nil
		}
	}
	return fmt.Errorf("stability: unknown visibility %q", b)
}

// IsPublicAPI reports whether code in other modules can name a class of this visibility:
// public or protected, as Kotlin's Visibility.isPublicAPI.
func (v Visibility) IsPublicAPI() bool { return v.isPublicAPI() }
