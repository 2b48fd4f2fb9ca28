package checker

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gmc/vm"
)

// writeScript runs an exhaustive search of m writing a script (trustful
// or not), and returns the script's bytes with the search's result.
func writeScript(t *testing.T, m *vm.Model, maxDepth int, trustful bool) ([]byte, *Result) {
	t.Helper()
	w := NewScriptWriter(m.Fingerprint(), maxDepth, trustful)
	res, err := NewDFS(m, Options{MaxDepth: maxDepth, Script: w}).Run()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.scc")
	if err := w.Write(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b, res
}

// certify follows script b on m.
func certify(m *vm.Model, b []byte) (*Result, error) {
	r, err := ReadScript(bytes.NewReader(b), m.Fingerprint())
	if err != nil {
		return nil, err
	}
	return Certify(m, r)
}

// TestScriptCertifies writes a script, full and trustful, for every
// example model whose search completes and certifies it. A full
// certification repeats the search exactly (same counts); a trustful one
// reaches the states the script names and finds the same errors,
// assertion violations on moves to states seen before included.
func TestScriptCertifies(t *testing.T) {
	files, _ := filepath.Glob("../examples/models/*.pml")
	for _, trustful := range []bool{false, true} {
		certified := 0
		for _, file := range files {
			m, err := compileFile(file, false)
			if err != nil {
				t.Fatal(err)
			}
			b, res := writeScript(t, m, 1<<20, trustful)
			if !res.Complete {
				continue
			}
			got, err := certify(m, b)
			if err != nil {
				t.Fatalf("%s (trustful %v): %v", file, trustful, err)
			}
			if got.Deviation != nil || !got.Complete {
				t.Errorf("%s (trustful %v): certification failed: %v", file, trustful, got.Stopped)
				continue
			}
			if got.Stored != res.Stored || got.Stats.Errors != res.Stats.Errors || !trustful && got.Matched != res.Matched {
				t.Errorf("%s (trustful %v): certification counts %d/%d/%d, the search's %d/%d/%d", file, trustful,
					got.Stored, got.Matched, got.Stats.Errors, res.Stored, res.Matched, res.Stats.Errors)
			}
			certified++
		}
		if certified < 8 {
			t.Fatalf("trustful %v: only %d models certified", trustful, certified)
		}
	}
}

// instr is one decoded script instruction.
type instr struct {
	op   byte
	args []uint64
}

// decode splits a script into its header and instructions.
func decode(t *testing.T, b []byte) (header []byte, prog []instr) {
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	end := bytes.Index(raw, []byte("\n\n")) + 2
	header, body := raw[:end], raw[end:]
	for len(body) > 0 {
		in := instr{op: body[0]}
		body = body[1:]
		n := map[byte]int{opMove: 2, opRevisit: 1, opEnd: 1}[in.op]
		for range n {
			v, k := uvarint(body)
			in.args = append(in.args, v)
			body = body[k:]
		}
		prog = append(prog, in)
	}
	return header, prog
}

func uvarint(b []byte) (uint64, int) {
	var v uint64
	for i, c := range b {
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	return v, len(b)
}

// encode is decode's inverse.
func encode(header []byte, prog []instr) []byte {
	var raw bytes.Buffer
	raw.Write(header)
	for _, in := range prog {
		raw.WriteByte(in.op)
		for _, a := range in.args {
			var tmp [10]byte
			n := 0
			for a >= 0x80 {
				tmp[n] = byte(a) | 0x80
				a >>= 7
				n++
			}
			tmp[n] = byte(a)
			raw.Write(tmp[:n+1])
		}
	}
	var out bytes.Buffer
	z := gzip.NewWriter(&out)
	z.Write(raw.Bytes())
	z.Close()
	return out.Bytes()
}

// TestScriptMutations tampers with scripts of the example models in
// every way 004 names (a transition dropped, inserted, swapped with the
// next, a backtrack moved, a state ID changed) and checks that the
// certification rejects every tampered script with a deviation.
func TestScriptMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	files, _ := filepath.Glob("../examples/models/*.pml")
	tried := map[string]int{}
	for _, file := range files {
		m, err := compileFile(file, false)
		if err != nil {
			t.Fatal(err)
		}
		b, res := writeScript(t, m, 1<<20, false)
		if !res.Complete || res.Stored > 50000 {
			continue
		}
		header, prog := decode(t, b)
		if got, err := certify(m, encode(header, prog)); err != nil || got.Deviation != nil {
			t.Fatalf("%s: the re-encoded script does not certify: %v %v", file, err, got.Deviation)
		}
		at := func(op byte) int { // a random instruction with opcode op
			for {
				if i := rng.IntN(len(prog)); prog[i].op == op {
					return i
				}
			}
		}
		for range 25 {
			mutated := append([]instr(nil), prog...)
			var kind string
			switch rng.IntN(5) {
			case 0:
				kind = "drop a transition"
				i := at(opMove)
				mutated = append(mutated[:i], mutated[i+1:]...)
			case 1:
				kind = "insert a transition"
				i := at(opMove)
				in := instr{op: opMove, args: []uint64{mutated[i].args[0], mutated[i].args[1] + 1 + uint64(rng.IntN(3))}}
				mutated = append(mutated[:i], append([]instr{in}, mutated[i:]...)...)
			case 2:
				kind = "swap a transition with the next"
				i := at(opMove)
				j := i + 1
				for j < len(mutated) && (mutated[j].op != opMove || mutated[j].args[0] == mutated[i].args[0] && mutated[j].args[1] == mutated[i].args[1]) {
					j++
				}
				if j == len(mutated) {
					continue
				}
				mutated[i], mutated[j] = mutated[j], mutated[i]
			case 3:
				kind = "move a backtrack"
				i := at(opBacktrack)
				j := rng.IntN(len(mutated) - 1)
				if j == i {
					continue
				}
				in := mutated[i]
				mutated = append(mutated[:i], mutated[i+1:]...)
				mutated = append(mutated[:j], append([]instr{in}, mutated[j:]...)...)
			case 4:
				kind = "change a state ID"
				i := at(opRevisit)
				old := mutated[i].args[0]
				id := uint64(1 + rng.IntN(int(res.Stored)))
				if id == old {
					continue
				}
				mutated[i] = instr{op: opRevisit, args: []uint64{id}}
			}
			tried[kind]++
			got, err := certify(m, encode(header, mutated))
			if err == nil && got.Deviation == nil {
				t.Errorf("%s: a script with %q certified", file, kind)
			}
		}
	}
	total := 0
	for _, n := range tried {
		total += n
	}
	if total < 60 || len(tried) < 5 {
		t.Fatalf("only %d mutations tried: %v", total, tried)
	}
	t.Logf("rejected: %v", tried)
}

// TestScriptRefused checks that what is not a script of the model is
// refused with a message, never a panic: another model's script, a
// truncated one, garbage, and a script whose body is corrupt.
func TestScriptRefused(t *testing.T) {
	m, err := compileFile("../examples/models/peterson.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	other, err := compileFile("../examples/models/philosophers_fixed.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := writeScript(t, m, 10000, false)
	header, prog := decode(t, b)
	cases := map[string][]byte{
		"garbage":   []byte("not a script at all"),
		"truncated": b[:len(b)/2],
		"body":      encode(header, append(prog[:len(prog)/2:len(prog)/2], instr{op: 'Z'})),
		"short":     encode(header, prog[:len(prog)/2]),
		"longer":    encode(header, append(append([]instr(nil), prog...), instr{op: opBacktrack})),
	}
	for name, script := range cases {
		res, err := certify(m, script)
		if err == nil && res.Deviation == nil {
			t.Errorf("%s: certified", name)
			continue
		}
		if err == nil {
			err = res.Deviation
		}
		t.Logf("%s: %v", name, err)
	}
	if _, err := certify(other, b); err == nil {
		t.Errorf("another model's script was accepted")
	}
}
