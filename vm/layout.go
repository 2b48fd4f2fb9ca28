package vm

import (
	"fmt"

	"gmc/lang"
)

// Scalar says how one basic value is stored in the state vector and what a
// store does to it (every store truncates to the type,
// docs/references.md#spin-values).
type Scalar uint8

// The scalar storage classes.
const (
	ScalarBit      Scalar = iota // bit, bool: 1 byte, keeps the low bit
	ScalarByte                   // byte, pid, mtype, chan: 1 byte, mod 256
	ScalarShort                  // short: 2 bytes, signed 16-bit
	ScalarInt                    // int: 4 bytes, signed 32-bit
	ScalarUnsigned               // unsigned : n: ceil(n/8) bytes, mod 2^n
)

// Type is the layout of a value of some Promela type.
type Type struct {
	Size   int // bytes in the state vector
	Scalar Scalar
	Bits   int // width of an unsigned
	Kind   lang.TypeKind
	// For a structure: its fields, in declaration order.
	Struct *lang.Typedef
	Fields []*Field
}

// Field is one field of a structure.
type Field struct {
	Var    *lang.Var
	Off    int // from the start of the structure
	Type   *Type
	Len    int // array length, 0 for a scalar field
	Stride int // Type.Size
}

// Var is the place of a variable: a global, a local or a hidden global.
type Var struct {
	Var    *lang.Var
	Off    int // offset in its area
	Type   *Type
	Len    int // array length, 0 for a scalar
	Hidden bool
	Global bool
}

// Size is the number of bytes the variable takes.
func (v *Var) Size() int {
	if v.Len > 0 {
		return v.Len * v.Type.Size
	}
	return v.Type.Size
}

// layouts computes and caches type layouts.
type layouts struct {
	structs   map[*lang.Typedef]*Type
	simulator bool // Options.Simulator
}

// typeOf is the layout of a variable or field of type t, of each
// element of an array of them if array.
func (l *layouts) typeOf(t *lang.Type, array bool) *Type {
	switch t.Kind {
	case lang.TBit, lang.TBool:
		if array && !l.simulator {
			// pan declares an array of them uchar (a C bit-field cannot
			// be an array) and keeps the byte it is given; SPIN's
			// simulator keeps the low bit (testdata/semantics/bit_array.pml)
			return &Type{Size: 1, Scalar: ScalarByte, Kind: t.Kind}
		}
		return &Type{Size: 1, Scalar: ScalarBit, Kind: t.Kind}
	case lang.TByte, lang.TPid, lang.TMtype, lang.TChan:
		return &Type{Size: 1, Scalar: ScalarByte, Kind: t.Kind}
	case lang.TShort:
		return &Type{Size: 2, Scalar: ScalarShort, Kind: t.Kind}
	case lang.TInt:
		return &Type{Size: 4, Scalar: ScalarInt, Kind: t.Kind}
	case lang.TUnsigned:
		return &Type{Size: (t.Bits + 7) / 8, Scalar: ScalarUnsigned, Bits: t.Bits, Kind: t.Kind}
	case lang.TStruct:
		return l.structOf(t.Struct)
	}
	panic(fmt.Sprintf("vm: no layout for type %v", t.Kind))
}

func (l *layouts) structOf(td *lang.Typedef) *Type {
	if st := l.structs[td]; st != nil {
		return st
	}
	st := &Type{Kind: lang.TStruct, Struct: td}
	for _, f := range td.Fields {
		ft := l.typeOf(f.Type, f.IsArray())
		fl := &Field{Var: f, Off: st.Size, Type: ft, Len: f.Len, Stride: ft.Size}
		if f.IsArray() {
			st.Size += f.Len * ft.Size
		} else {
			st.Size += ft.Size
		}
		st.Fields = append(st.Fields, fl)
	}
	l.structs[td] = st
	return st
}

// field finds a structure field by its declaration.
func (t *Type) field(v *lang.Var) *Field {
	for _, f := range t.Fields {
		if f.Var == v {
			return f
		}
	}
	return nil
}

// truncate gives v the value a store of it into a variable of this scalar
// class leaves.
func truncate(s Scalar, bits int, v int64) int64 {
	switch s {
	case ScalarBit:
		return v & 1
	case ScalarByte:
		return int64(uint8(v))
	case ScalarShort:
		return int64(int16(v))
	case ScalarInt:
		return int64(int32(v))
	case ScalarUnsigned:
		if bits >= 64 {
			return v
		}
		return v & (1<<uint(bits) - 1)
	}
	return v
}

// load reads a scalar at b[off:] (small enough to be inlined for the
// one-byte classes, the most frequent).
func load(b []byte, off int, s Scalar, size int) int64 {
	if s <= ScalarByte {
		return int64(b[off])
	}
	return loadWide(b, off, s, size)
}

// loadWide is load for the classes of more than one byte.
func loadWide(b []byte, off int, s Scalar, size int) int64 {
	switch s {
	case ScalarShort:
		return int64(int16(uint16(b[off]) | uint16(b[off+1])<<8))
	case ScalarInt:
		return int64(int32(uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16 | uint32(b[off+3])<<24))
	}
	var u uint64
	for i := size - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[off+i])
	}
	return int64(u)
}

// store writes the truncated value v at b[off:] (small enough to be
// inlined for bytes, the most frequent class).
func store(b []byte, off int, s Scalar, size, bits int, v int64) {
	if s == ScalarByte {
		b[off] = byte(v)
		return
	}
	storeWide(b, off, s, size, bits, v)
}

// storeWide is store for the classes other than byte.
func storeWide(b []byte, off int, s Scalar, size, bits int, v int64) {
	v = truncate(s, bits, v)
	switch s {
	case ScalarBit, ScalarByte:
		b[off] = byte(v)
		return
	}
	u := uint64(v)
	for i := 0; i < size; i++ {
		b[off+i] = byte(u)
		u >>= 8
	}
}
