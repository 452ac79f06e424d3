package metadata

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// d2 strings shared by the hand-built headers below.
var testStrings = []string{
	"com/example/Foo",         // 0
	"kotlin/Any",              // 1
	"x",                       // 2
	"kotlin/Int",              // 3
	"getX",                    // 4
	"()I",                     // 5
	"T",                       // 6
	"kotlin/collections/List", // 7
	"foo",                     // 8
	"kotlin/String",           // 9
	"kotlin/Unit",             // 10
	"kotlin/jvm/PlatformType", // 11 (unused: the flexibility id below is 12)
	"kotlin.jvm.PlatformType", // 12
	"com/example/Alias",       // 13
	"com/example/Outer.Inner", // 14
	"com/example/Outer",       // 15
	"com/example/Ann",         // 16
	"v",                       // 17
	"com/example/E",           // 18
	"A",                       // 19
	"Companion",               // 20
	"Nested",                  // 21
}

func readText(t *testing.T, h *Header) string {
	t.Helper()
	md, err := Read(h)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return md.text()
}

func TestReadClass(t *testing.T) {
	tests := []struct {
		name string
		body pb
		want string
	}{
		{
			name: "defaults and type table",
			body: pb(nil).i32(3, 0).
				msg(5, pb(nil).i32(1, 0).i32(2, 6).i32(4, 1)). // <out T>
				packed(2, 0).                                  // supertype_id
				msg(9, pb(nil).i32(2, 8).msg(5, classType(9)).
					msg(6, pb(nil).i32(2, 2).msg(3, classType(3))).msg(3, classType(10))).
				msg(10, pb(nil).i32(2, 2).i32(9, 1)).
				msg(30, pb(nil).msg(1, classType(1)).msg(1, classType(3)).
					msg(1, withArg(classType(7), invArg(tpType(0)))).i32(2, 2)),
			want: "class [public final class] com/example/Foo<out T> : kotlin/Any\n" +
				"  jvm module=main\n" +
				"  fun [public final] kotlin/String.foo(x: kotlin/Int): kotlin/Unit sig=foo(Ljava/lang/String;I)V\n" +
				"  val [public final hasGetter] x: kotlin/Int get[public final]\n",
		},
		{
			name: "first_nullable makes later entries nullable",
			body: pb(nil).i32(3, 0).
				msg(5, pb(nil).i32(1, 0).i32(2, 6)).
				msg(10, pb(nil).i32(2, 2).i32(9, 0)).
				msg(10, pb(nil).i32(2, 8).i32(9, 1)).
				msg(30, pb(nil).msg(1, classType(3)).msg(1, withArg(classType(7), invArg(tpType(0)))).
					msg(1, nullable(classType(1))).i32(2, 1)),
			want: "class [public final class] com/example/Foo<T>\n" +
				"  jvm module=main\n" +
				"  val [public final hasGetter] x: kotlin/Int get[public final]\n" +
				"  val [public final hasGetter] foo: kotlin/collections/List<T>? get[public final]\n",
		},
		{
			name: "flexible, abbreviated, outer, star, projections, definitely non-null",
			body: pb(nil).i32(3, 0).
				msg(5, pb(nil).i32(1, 3).i32(2, 6)).
				msg(9, pb(nil).i32(2, 8).
					msg(6, pb(nil).i32(2, 2).msg(3, classType(9).i32(4, 12).msg(5, nullable(classType(9)))).msg(4, classType(9))).
					msg(6, pb(nil).i32(2, 17).msg(3, withArg(withArg(classType(7), starArg()), projArg(0, tpType(3)))).
						msg(4, tpType(3).i32(1, 2))).
					msg(3, classType(14).msg(10, withArg(classType(15), projArg(1, classType(1)))).
						msg(13, pb(nil).i32(12, 13)))),
			want: "class [public final class] com/example/Foo<T>\n" +
				"  jvm module=main\n" +
				"  fun [public final] foo(x: (kotlin/String..kotlin/String?) vararg=kotlin/String, v: kotlin/collections/List<*, in T> vararg=T & Any): " +
				"com/example/Outer.Inner{outer=com/example/Outer<out kotlin/Any>}{abbr=typealias:com/example/Alias} " +
				"sig=foo(Ljava/lang/String;Ljava/util/List;)Lcom/example/Outer$Inner;\n",
		},
		{
			name: "type parameter by name, suspend, reified, bounds",
			body: pb(nil).i32(3, 0).
				msg(9, pb(nil).i32(9, 6|1<<13). // public final suspend
								msg(4, pb(nil).i32(1, 7).i32(2, 6).varint(3, 1).msg(5, classType(9)).msg(5, nullable(classType(1)))).
								i32(2, 8).msg(3, pb(nil).i32(9, 6).i32(1, 1))),
			want: "class [public final class] com/example/Foo\n" +
				"  jvm module=main\n" +
				"  fun [public final suspend] <reified T : kotlin/String & kotlin/Any?> foo(): suspend T\n",
		},
		{
			name: "enum, companion, nested, sealed, value class, jvm extensions",
			body: pb(nil).i32(1, int32(DefaultClassFlags)|int32(ClassKindEnumClass)<<6|1<<13|1<<10). // value, data
															i32(3, 0).i32(4, 20).packed(7, 21, 20).
															msg(13, pb(nil).i32(1, 19)).
															packed(16, 14, 15).
															i32(17, 17).msg(18, classType(3)).
															i32(101, 9).i32(103, 13).i32(104, 3),
			want: "class [public final enum_class data value] com/example/Foo\n" +
				"  companion Companion\n" +
				"  nested Nested\n" +
				"  nested Companion\n" +
				"  enumEntry A\n" +
				"  sealedSubclass com/example/Outer.Inner\n" +
				"  sealedSubclass com/example/Outer\n" +
				"  underlyingProperty v\n" +
				"  underlyingType kotlin/Int\n" +
				"  jvm module=kotlin/String flags=[hasMethodBodiesInInterface compiledInCompatibilityMode] anonymousObjectOrigin=com/example/Alias\n",
		},
		{
			name: "value class underlying type from its property",
			body: pb(nil).i32(3, 0).i32(17, 17).
				msg(10, pb(nil).i32(2, 17).msg(3, classType(9))).
				msg(10, pb(nil).i32(2, 17).msg(5, classType(3)).msg(3, classType(3))),
			want: "class [public final class] com/example/Foo\n" +
				"  underlyingProperty v\n" +
				"  underlyingType kotlin/String\n" +
				"  jvm module=main\n" +
				"  val [public final hasGetter] v: kotlin/String get[public final]\n" +
				"  val [public final hasGetter] kotlin/Int.v: kotlin/Int get[public final]\n",
		},
		{
			name: "property flags, accessor inheritance and JVM signatures",
			body: pb(nil).i32(3, 0).
				// private (1<<1) final var hasGetter hasSetter lateinit, getter flags absent, setter public
				msg(10, pb(nil).i32(11, 1<<1|1<<8|1<<9|1<<10|1<<12).i32(2, 2).msg(3, classType(3)).i32(8, 6|1<<6).
					msg(100, pb(nil).msg(1, pb(nil)).msg(3, pb(nil).i32(1, 4).i32(2, 5)).msg(2, pb(nil).i32(1, 8).i32(2, 5))).
					i32(101, 1)).
				// default flags 518, field with explicit name and descriptor, delegate method
				msg(10, pb(nil).i32(2, 8).msg(3, nullable(classType(9))).
					msg(100, pb(nil).msg(1, pb(nil).i32(1, 2).i32(2, 5)).msg(5, pb(nil).i32(1, 4).i32(2, 5)))),
			want: "class [public final class] com/example/Foo\n" +
				"  jvm module=main\n" +
				"  var [private final var hasGetter hasSetter lateinit] x: kotlin/Int get[private final] set[public final notDefault] " +
				"field=x:I getter=getX()I syntheticMethod=foo()I jvmFlags=[movedFromInterfaceCompanion]\n" +
				"  val [public final hasGetter] foo: kotlin/String? get[public final] field=x:()I delegateMethod=getX()I\n",
		},
		{
			name: "annotations with every argument kind",
			body: pb(nil).i32(3, 0).
				msg(25, pb(nil).i32(1, 16).
					msg(2, pb(nil).i32(1, 2).msg(2, pb(nil).i32(1, 0).sint64(2, -1))).
					msg(2, pb(nil).i32(1, 4).msg(2, pb(nil).i32(1, 1).sint64(2, 65))).
					msg(2, pb(nil).i32(1, 5).msg(2, pb(nil).i32(1, 2).sint64(2, 70000))).
					msg(2, pb(nil).i32(1, 6).msg(2, pb(nil).i32(1, 3).sint64(2, -7))).
					msg(2, pb(nil).i32(1, 8).msg(2, pb(nil).i32(1, 4).sint64(2, math.MinInt64))).
					msg(2, pb(nil).i32(1, 9).msg(2, pb(nil).i32(1, 5).fixed32(3, math.Float32bits(1.5)))).
					msg(2, pb(nil).i32(1, 10).msg(2, pb(nil).i32(1, 6).fixed64(4, math.Float64bits(-0.25)))).
					msg(2, pb(nil).i32(1, 13).msg(2, pb(nil).i32(1, 7).sint64(2, 1))).
					msg(2, pb(nil).i32(1, 17).msg(2, pb(nil).i32(1, 3).sint64(2, -1).i32(10, 1))).
					msg(2, pb(nil).i32(1, 19).msg(2, pb(nil).i32(1, 8).i32(5, 14))).
					msg(2, pb(nil).i32(1, 20).msg(2, pb(nil).i32(1, 9).i32(6, 9).i32(11, 2))).
					msg(2, pb(nil).i32(1, 21).msg(2, pb(nil).i32(1, 12).
													msg(9, pb(nil).i32(1, 10).i32(6, 18).i32(7, 19)).
													msg(9, pb(nil).i32(1, 11).msg(8, pb(nil).i32(1, 16))))).
					msg(2, pb(nil).i32(1, 2).msg(2, pb(nil).i32(1, 9).i32(6, 3)))), // repeated name: last value, first place
			want: "class [public final class] com/example/Foo\n" +
				"  annotation @com/example/Ann(x = KClass(kotlin/Int), getX = Char(65), ()I = Short(4464), T = Int(-7), foo = Long(-9223372036854775808), " +
				"kotlin/String = Float(0x3fc00000), kotlin/Unit = Double(0xbfd0000000000000), com/example/Alias = Boolean(true), v = UInt(4294967295), " +
				"A = \"com/example/Outer.Inner\", Companion = ArrayKClass(kotlin/String, 2), Nested = [Enum(com/example/E.A), @com/example/Ann])\n" +
				"  jvm module=main\n",
		},
		{
			name: "constructor signature default and context receivers",
			body: pb(nil).i32(3, 0).
				msg(8, pb(nil).i32(1, 6|1<<4).msg(2, pb(nil).i32(1, 2).i32(2, 2).msg(3, nullable(classType(3))))).
				msg(8, pb(nil).msg(2, pb(nil).i32(2, 2).msg(3, tpType(5))).msg(100, pb(nil).i32(2, 5))).
				msg(9, pb(nil).i32(2, 8).msg(10, classType(9)).msg(3, classType(10))),
			want: "class [public final class] com/example/Foo\n" +
				"  jvm module=main\n" +
				"  constructor [public secondary]([declaresDefault] x: kotlin/Int?) sig=<init>(I)V\n" +
				"  constructor [public](x: #5) sig=<init>()I\n" +
				"  fun [public final] context(_: kotlin/String) foo(): kotlin/Unit sig=foo()V\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readText(t, classHeader(table(len(testStrings)), tt.body, testStrings...))
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestReadKinds(t *testing.T) {
	fn := pb(nil).i32(2, 8).msg(3, classType(10))
	pkg := pb(nil).msg(3, fn).msg(5, pb(nil).i32(2, 13).msg(4, classType(9)).msg(6, classType(9))).i32(101, 18)
	lambda := pb(nil).i32(2, 8).i32(7, 0).msg(30, pb(nil).msg(1, classType(3)))
	tests := []struct {
		name string
		h    *Header
		want string
	}{
		{"file facade", packageHeader(table(len(testStrings)), pkg, testStrings...),
			"fileFacade\n  jvm module=com/example/E\n  fun [public final] foo(): kotlin/Unit sig=foo()V\n" +
				"  typealias [public] com/example/Alias = kotlin/String expanded=kotlin/String\n"},
		{"multi-file part", func() *Header {
			h := packageHeader(table(len(testStrings)), pb(nil).msg(3, fn), testStrings...)
			h.Kind, h.ExtraString = KindMultiFileClassPart, "com/example/FooKt"
			return h
		}(), "multiFileClassPart facade=com/example/FooKt\n  jvm module=main\n  fun [public final] foo(): kotlin/Unit sig=foo()V\n"},
		{"multi-file facade", &Header{Kind: KindMultiFileClassFacade, MetadataVersion: []int{2, 4, 0}, Data1: []string{"a/FooKt__A", "a/FooKt__B"}},
			"multiFileClassFacade\n  part a/FooKt__A\n  part a/FooKt__B\n"},
		{"lambda with its own type table", func() *Header {
			h := classHeader(table(len(testStrings)), lambda, testStrings...)
			h.Kind = KindSyntheticClass
			return h
		}(), "syntheticClass\n  lambda [public final] foo(): kotlin/Int sig=foo()I\n"},
		{"synthetic class without lambda", &Header{Kind: KindSyntheticClass, MetadataVersion: []int{1, 9, 0}}, "syntheticClass\n"},
		{"unknown kind keeps the header", &Header{Kind: 42, MetadataVersion: []int{2, 4, 0}, Data1: []string{"junk"}}, "unknown\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			md, err := Read(tt.h)
			if err != nil {
				t.Fatal(err)
			}
			if got := md.text(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			if md.Header != tt.h || md.Kind != tt.h.Kind {
				t.Errorf("header or kind not kept: %v %v", md.Header, md.Kind)
			}
		})
	}
}

func TestBitEncodings(t *testing.T) {
	body := pb(nil).i32(3, 0).msg(10, pb(nil).i32(2, 2).msg(3, classType(3)))
	raw := d1Bytes(table(len(testStrings)), body)
	want := "class [public final class] com/example/Foo\n  jvm module=main\n  val [public final hasGetter] x: kotlin/Int get[public final]\n"
	// Every byte value, to check both encodings bit for bit.
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	tests := []struct {
		name string
		d1   []string
		want []byte
	}{
		{"utf8 mode", utf8Mode(raw, 0), raw},
		{"utf8 mode split into strings", utf8Mode(raw, 7), raw},
		{"utf8 mode all bytes", utf8Mode(all, 100), all},
		{"8to7 with marker", mode8to7(raw, true), raw},
		{"8to7 without marker", mode8to7(raw, false), raw},
		{"8to7 all bytes", mode8to7(all, true), all},
		{"empty", nil, []byte{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := decodeD1(tt.d1)
			if string(got) != string(tt.want) {
				t.Fatalf("decodeD1 = %x, want %x", got, tt.want)
			}
			if len(tt.want) == len(raw) {
				h := &Header{Kind: KindClass, MetadataVersion: []int{2, 4, 0}, Data1: tt.d1, Data2: testStrings}
				if got := readText(t, h); got != want {
					t.Errorf("got:\n%s\nwant:\n%s", got, want)
				}
			}
		})
	}
}

func TestReadVersions(t *testing.T) {
	body := pb(nil).i32(3, 0)
	tests := []struct {
		mv             []int
		xi             int
		lenientOK      bool
		lenientWarns   bool
		strictOK       bool
		wantVersionErr bool
	}{
		{mv: []int{2, 4, 0}, lenientOK: true, strictOK: true},
		{mv: []int{1, 1, 0}, lenientOK: true, strictOK: true},
		{mv: []int{1, 1, 16}, lenientOK: true, strictOK: true},
		{mv: []int{2, 5, 9}, lenientOK: true, strictOK: true},
		{mv: []int{2, 5, 0}, xi: StrictVersionSemantics, lenientOK: true, lenientWarns: true, wantVersionErr: true},
		{mv: []int{2, 6, 0}, lenientOK: true, lenientWarns: true, wantVersionErr: true},
		{mv: []int{3, 0, 0, 7}, lenientOK: true, lenientWarns: true, wantVersionErr: true},
		{mv: []int{1, 0, 3}, wantVersionErr: true},
		{mv: []int{0, 9, 0}, wantVersionErr: true},
		{mv: nil, wantVersionErr: true},
		{mv: []int{2, 4}, wantVersionErr: true},
		{mv: []int{2, 4, -1}, wantVersionErr: true},
	}
	for _, tt := range tests {
		h := classHeader(table(len(testStrings)), body, testStrings...)
		h.MetadataVersion, h.ExtraInt = tt.mv, tt.xi
		md, err := Read(h)
		if (err == nil) != tt.lenientOK {
			t.Errorf("Read(mv=%v xi=%d) error = %v, want ok=%v", tt.mv, tt.xi, err, tt.lenientOK)
		}
		if err == nil && (len(md.Warnings) > 0) != tt.lenientWarns {
			t.Errorf("Read(mv=%v) warnings = %q, want some=%v", tt.mv, md.Warnings, tt.lenientWarns)
		}
		if err == nil && md.Version != [3]int{tt.mv[0], tt.mv[1], tt.mv[2]} {
			t.Errorf("Read(mv=%v) Version = %v", tt.mv, md.Version)
		}
		_, serr := ReadOptions{Strict: true}.Read(h)
		if (serr == nil) != tt.strictOK {
			t.Errorf("strict Read(mv=%v xi=%d) error = %v, want ok=%v", tt.mv, tt.xi, serr, tt.strictOK)
		}
		if tt.wantVersionErr {
			e := serr
			if e == nil {
				e = err
			}
			var fe *FormatError
			if !errors.Is(e, ErrVersion) || !errors.As(e, &fe) || fe.Field != "mv" {
				t.Errorf("mv=%v: error %v is not a version FormatError", tt.mv, e)
			}
		}
	}
}

func TestVersionRequirements(t *testing.T) {
	vrt := pb(nil).
		msg(1, pb(nil).i32(1, 1|3<<3|2<<7)).                                          // 1.3.2, ERROR, LANGUAGE_VERSION
		msg(1, pb(nil).i32(2, 2|20<<8|1<<16).i32(3, 0).i32(6, 2).i32(4, 7).i32(5, 9)) // 2.20.1 WARNING API_VERSION
	body := pb(nil).i32(3, 0).i32(31, 0).msg(9, pb(nil).i32(2, 8).msg(3, classType(10)).i32(31, 1)).msg(32, vrt)
	got := readText(t, classHeader(table(len(testStrings)), body, testStrings...))
	want := "class [public final class] com/example/Foo\n" +
		"  jvm module=main\n" +
		"  versionRequirement language_version error 1.3.2\n" +
		"  fun [public final] foo(): kotlin/Unit sig=foo()V\n" +
		"    versionRequirement api_version warning 2.20.1 errorCode=7 message=\"kotlin/String\"\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	// An index past the table is an error from 1.4 on and tolerated before.
	bad := pb(nil).i32(3, 0).i32(31, 5)
	h := classHeader(table(len(testStrings)), bad, testStrings...)
	if _, err := Read(h); !errors.Is(err, ErrIndex) {
		t.Errorf("mv 2.4.0: error = %v, want ErrIndex", err)
	}
	h.MetadataVersion = []int{1, 3, 0}
	if got := readText(t, h); !strings.Contains(got, "versionRequirement unknown hidden 256.256.256\n") {
		t.Errorf("mv 1.3.0: got\n%s", got)
	}
}

func TestReadErrors(t *testing.T) {
	// A type table whose entries each refer twice to the next: 2^60 types.
	bomb := pb(nil)
	for i := int32(0); i < 60; i++ {
		bomb = bomb.msg(1, withArg(withArg(classType(7), invArgID(i+1)), invArgID(i+1)))
	}
	bomb = bomb.msg(1, classType(3))
	// Type nested deeper than the limit.
	deep := classType(3)
	for range maxDepth + 1 {
		deep = withArg(classType(7), invArg(deep))
	}
	tests := []struct {
		name      string
		h         *Header
		sentinel  error
		field     string
		wireError bool
	}{
		{name: "empty d1", h: &Header{Kind: KindClass, MetadataVersion: []int{2, 4, 0}}, sentinel: ErrNoData, field: "d1"},
		{name: "d1 without bytes", h: &Header{Kind: KindFileFacade, MetadataVersion: []int{2, 4, 0}, Data1: []string{"\x00"}}, sentinel: ErrNoData, field: "d1"},
		{name: "missing fq_name", h: classHeader(table(1), pb(nil).i32(4, 0), "x"), sentinel: ErrMissingField, field: "Class.fq_name"},
		{name: "string index past d2", h: classHeader(table(5), pb(nil).i32(3, 3), "a"), sentinel: ErrIndex, field: "string table"},
		{name: "string index past records", h: classHeader(table(1), pb(nil).i32(3, 1), "a", "b"), sentinel: ErrIndex, field: "string table"},
		{name: "negative string index", h: classHeader(table(1), pb(nil).i32(3, -1), "a"), sentinel: ErrIndex, field: "string table"},
		{name: "type table index", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).packed(2, 3), testStrings...), sentinel: ErrIndex, field: "Class.supertype_id"},
		{name: "type without classifier", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(6, pb(nil).varint(3, 1)), testStrings...), sentinel: ErrInconsistent, field: "Type"},
		{name: "projection without type", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(6, withArg(classType(7), pb(nil).i32(1, 1))), testStrings...), sentinel: ErrInconsistent, field: "Type.Argument"},
		{name: "unknown type parameter name", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(6, pb(nil).i32(9, 6)), testStrings...), sentinel: ErrIndex, field: "Type.type_parameter_name"},
		{name: "function without return type", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(9, pb(nil).i32(2, 8)), testStrings...), sentinel: ErrMissingField, field: "Function.return_type"},
		{name: "unsigned string", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(25, pb(nil).i32(1, 16).msg(2, pb(nil).i32(1, 2).msg(2, pb(nil).i32(1, 8).i32(10, 1)))), testStrings...), sentinel: ErrInconsistent, field: "Annotation.Argument.Value"},
		{name: "annotation argument without value", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(25, pb(nil).i32(1, 16).msg(2, pb(nil).i32(1, 2))), testStrings...), sentinel: ErrMissingField, field: "Annotation.Argument.value"},
		{name: "type bomb", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).packed(2, 0).msg(30, bomb), testStrings...), sentinel: ErrTooLarge, field: "Type"},
		{name: "self-referencing type", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).packed(2, 0).msg(30, pb(nil).msg(1, withArg(classType(7), invArgID(0)))), testStrings...), sentinel: ErrTooDeep, field: "Type"},
		{name: "deep inline type", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(6, deep), testStrings...), sentinel: ErrTooDeep, field: "Type"},
		{name: "truncated varint", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).msg(6, pb{0x30, 0x80}), testStrings...), wireError: true, field: "Type"},
		{name: "truncated message", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).append(0x4a, 0x10, 0x10), testStrings...), wireError: true, field: "Class"},
		{name: "end group", h: classHeader(table(len(testStrings)), pb(nil).i32(3, 0).append(0x0c), testStrings...), wireError: true, field: "Class"},
		{name: "truncated string table", h: &Header{Kind: KindClass, MetadataVersion: []int{2, 4, 0}, Data1: utf8Mode([]byte{0x05, 0x0a}, 0)}, wireError: true, field: "StringTableTypes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			md, err := Read(tt.h)
			if err == nil {
				t.Fatalf("Read succeeded:\n%s", md.text())
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T %v is not a *FormatError", err, err)
			}
			if fe.Field != tt.field {
				t.Errorf("Field = %q, want %q (%v)", fe.Field, tt.field, err)
			}
			if tt.sentinel != nil && !errors.Is(err, tt.sentinel) {
				t.Errorf("error %v does not wrap %v", err, tt.sentinel)
			}
			if tt.wireError && (fe.Offset < 0 || fe.Err == nil) {
				t.Errorf("wire error without offset: %v", err)
			}
			if !strings.HasPrefix(err.Error(), "metadata: ") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

func (b pb) append(raw ...byte) pb { return append(b, raw...) }

func invArgID(id int32) pb { return pb(nil).i32(3, id) }

func TestFormatErrorText(t *testing.T) {
	tests := []struct {
		err  *FormatError
		want string
	}{
		{&FormatError{Class: "a/B", Field: "Type", Offset: 12, Err: ErrTooDeep}, "metadata: class a/B: Type at offset 12: nesting too deep"},
		{&FormatError{Field: "mv", Offset: -1, Err: &VersionError{Version: []int{1, 0, 3}, Reason: "below 1.1.0 (pre-1.0 Kotlin)"}}, "metadata: mv: metadata version 1.0.3: below 1.1.0 (pre-1.0 Kotlin)"},
		{&FormatError{Offset: 3, Err: &IndexError{Table: "type table", Index: 9, Len: 2}}, "metadata: at offset 3: type table index 9 out of range [0,2)"},
		{&FormatError{Offset: -1}, "metadata: malformed"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
