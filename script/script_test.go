package script

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gmc/checker"
	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// writeScript runs an exhaustive search of m writing a script (trustful
// or not), and returns the script's bytes with the search's result.
func writeScript(t testing.TB, m *vm.Model, maxDepth int, trustful bool) ([]byte, *checker.Result) {
	t.Helper()
	w, err := NewWriter(m.Fingerprint(), maxDepth, trustful, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: maxDepth}, Recorder: w.Recorder()}).Run()
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

// certify follows script b on m: the whole script (parallel 0) or in
// parts at once.
func certify(m *vm.Model, b []byte, parallel int) (*Result, error) {
	r, err := Read(bytes.NewReader(b), m.Fingerprint())
	if err != nil {
		return nil, err
	}
	if parallel > 0 {
		return CertifyParallel(m, r, parallel)
	}
	return Certify(m, r)
}

// TestScriptCertifies writes a script, full and trustful, for every
// example model whose search completes and certifies it, whole and in 2
// and 4 parts at once. A full certification repeats the search exactly
// (same counts); a trustful one reaches the states the script names and
// finds the same errors, assertion violations on moves to states seen
// before included. With the script's last-use marks, a certification
// keeps fewer fingerprints than there are states.
func TestScriptCertifies(t *testing.T) {
	files, _ := filepath.Glob("../examples/models/*.pml")
	files = modeltest.Subset(files, 5)
	for _, trustful := range []bool{false, true} {
		certified, forgot := 0, 0
		for _, file := range files {
			m, err := modeltest.Compile(file, false)
			if err != nil {
				t.Fatal(err)
			}
			b, res := writeScript(t, m, 1<<20, trustful)
			if !res.Complete() {
				continue
			}
			for _, parallel := range []int{0, 2, 4} {
				got, err := certify(m, b, parallel)
				if err != nil {
					t.Fatalf("%s (trustful %v, parallel %d): %v", file, trustful, parallel, err)
				}
				if got.Deviation != nil || !got.Complete() {
					t.Errorf("%s (trustful %v, parallel %d): certification failed: %v", file, trustful, parallel, got.Stop)
					continue
				}
				if got.Stored != res.Stored || got.Stats.NumErrors != res.Stats.NumErrors || !trustful && got.Matched != res.Matched {
					t.Errorf("%s (trustful %v, parallel %d): certification counts %d/%d/%d, the search's %d/%d/%d", file, trustful, parallel,
						got.Stored, got.Matched, got.Stats.NumErrors, res.Stored, res.Matched, res.Stats.NumErrors)
				}
				if parts := got.Certification.Parts; parallel > 0 && len(parts) != parallel && res.Stored > 100 {
					t.Errorf("%s (trustful %v): %d parts, not %d", file, trustful, len(parts), parallel)
				}
				if peak := got.Certification.PeakFingerprints; parallel == 0 && !trustful {
					if peak > int(res.Stored) {
						t.Errorf("%s: %d fingerprints kept for %d states", file, peak, res.Stored)
					}
					if peak < int(res.Stored)/2 {
						forgot++
					}
				}
			}
			certified++
		}
		if certified < 8 && !testing.Short() || certified < 3 {
			t.Fatalf("trustful %v: only %d models certified", trustful, certified)
		}
		if !trustful && forgot < certified/2 {
			t.Errorf("only %d of %d certifications kept fewer than half the fingerprints", forgot, certified)
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
		n := map[byte]int{opMove: 2, opRevisit: 1, opRevisitLast: 1, opEnd: 1}[in.op]
		if in.op == opSubgraphs {
			n = len(body) // the rest: sizes
		}
		for range n {
			if len(body) == 0 {
				break
			}
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
// next, a backtrack moved, a state ID changed) and by marking a state's
// last use too early, and checks that the certification rejects every
// tampered script with a deviation, whole and in 3 parts at once.
func TestScriptMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	files, _ := filepath.Glob("../examples/models/*.pml")
	files = modeltest.Subset(files, 4)
	tried := map[string]int{}
	for _, file := range files {
		m, err := modeltest.Compile(file, false)
		if err != nil {
			t.Fatal(err)
		}
		b, res := writeScript(t, m, 1<<20, false)
		if !res.Complete() || res.Stored > 50000 {
			continue
		}
		header, prog := decode(t, b)
		original := encode(header, prog)
		if got, err := certify(m, original, 0); err != nil || got.Deviation != nil {
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
			switch rng.IntN(6) {
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
			case 5:
				kind = "mark a last use early"
				i := at(opRevisit) // an R is not a state's last use
				mutated[i].op = opRevisitLast
			}
			tampered := encode(header, mutated)
			if bytes.Equal(tampered, original) {
				continue // moved within a run of equal instructions
			}
			tried[kind]++
			for _, parallel := range []int{0, 3} {
				got, err := certify(m, tampered, parallel)
				if err == nil && got.Deviation == nil {
					if parallel > 0 && kind == "mark a last use early" {
						continue // a parallel certification keeps every fingerprint: marks do not matter
					}
					t.Errorf("%s: a script with %q certified (parallel %d)", file, kind, parallel)
				}
			}
		}
	}
	total := 0
	for _, n := range tried {
		total += n
	}
	enough := 60
	if testing.Short() {
		enough = 15 // fewer models
	}
	if total < enough || len(tried) < 6 {
		t.Fatalf("only %d mutations tried: %v", total, tried)
	}
	t.Logf("rejected: %v", tried)
}

// TestScriptRefused checks that what is not a script of the model is
// refused with a message, never a panic: another model's script, a
// truncated one, garbage, and a script whose body is corrupt.
func TestScriptRefused(t *testing.T) {
	m, err := modeltest.Compile("../examples/models/peterson.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	other, err := modeltest.Compile("../examples/models/philosophers_fixed.pml", false)
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
		res, err := certify(m, script, 0)
		if err == nil && res.Deviation == nil {
			t.Errorf("%s: certified", name)
			continue
		}
		if err == nil {
			err = res.Deviation
		}
		t.Logf("%s: %v", name, err)
	}
	if _, err := certify(other, b, 0); err == nil {
		t.Errorf("another model's script was accepted")
	}
}

// raw is a script's instructions, decompressed.
func raw(t testing.TB, b []byte) []byte {
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScriptUnderCache writes scripts with state-space caches of a half
// and a quarter of the state space, under three policies: with the
// re-explorations left out (004 Algorithm 4.2) each must be the script
// of the search without a cache, instruction for instruction, so that
// certifying it costs no more. (The configurations are ones where the
// cached search finishes in well under a second: smaller caches thrash.)
func TestScriptUnderCache(t *testing.T) {
	type config struct {
		file   string
		policy store.Policy
		share  int64
	}
	configs := []config{
		{"philosophers_fixed.pml", store.PolicyStratified, 2}, {"philosophers_fixed.pml", store.PolicyRandom, 2},
		{"leader_n.pml", store.PolicyStratified, 2}, {"leader_n.pml", store.PolicyStratified, 4}, {"leader_n.pml", store.PolicyRandom, 4},
		{"leader_n.pml", store.PolicyAge, 2}, {"abp_lossy.pml", store.PolicyStratified, 4}, {"abp_lossy.pml", store.PolicyRandom, 2},
		{"mutex_sem.pml", store.PolicyStratified, 2},
	}
	if testing.Short() {
		configs = []config{configs[0], configs[4], configs[7]} // three models, two policies
	}
	compared := 0
	for _, c := range configs {
		m, err := modeltest.Compile("../examples/models/"+c.file, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, trustful := range []bool{false, true} {
			plain, res := writeScript(t, m, 1<<20, trustful)
			cache, err := store.NewCache(int(res.Stored/c.share), c.policy, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			w, err := NewWriter(m.Fingerprint(), 1<<20, trustful, false)
			if err != nil {
				t.Fatal(err)
			}
			stop := make(chan struct{})
			timer := time.AfterFunc(20*time.Second, func() { close(stop) })
			cached, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20, Interrupt: stop}, Store: cache, Recorder: w.Recorder()}).Run()
			timer.Stop()
			if err != nil {
				t.Fatal(err)
			}
			if !cached.Complete() || cached.Stored == res.Stored {
				t.Errorf("%s (%v, 1/%d): the cached search stored %d states (complete %v): no evictions to test", c.file, c.policy, c.share, cached.Stored, cached.Complete())
				w.Discard()
				continue
			}
			path := filepath.Join(t.TempDir(), "c.scc")
			if err := w.Write(path); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(path)
			if !bytes.Equal(raw(t, b), raw(t, plain)) {
				t.Errorf("%s (trustful %v, %v, 1/%d): the script under the cache differs from the plain one", c.file, trustful, c.policy, c.share)
			}
			compared++
		}
	}
	if compared < 10 && !testing.Short() || compared < 3 {
		t.Fatalf("only %d cached searches compared", compared)
	}
}

// TestSubgraphsTampered changes the Subgraphs list of scripts: a
// parallel certification either notices (when it relies on a wrong size)
// or certifies the same search in parts of other sizes, never less
// (004 Theorem 3.2.4); a list cut short is refused by every
// certification.
func TestSubgraphsTampered(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	noticed, certified := 0, 0
	for _, file := range modeltest.Subset([]string{"peterson_n.pml", "philosophers.pml", "abp_lossy.pml", "leader_n.pml"}, 1) {
		m, err := modeltest.Compile("../examples/models/"+file, false)
		if err != nil {
			t.Fatal(err)
		}
		b, res := writeScript(t, m, 1<<20, false)
		header, prog := decode(t, b)
		sizes := &prog[len(prog)-1]
		if sizes.op != opSubgraphs || len(sizes.args) != int(res.Stored) {
			t.Fatalf("%s: the script does not end with %d sizes", file, res.Stored)
		}
		tampers := 20
		if testing.Short() {
			tampers = 8
		}
		for range tampers {
			tampered := append([]uint64(nil), sizes.args...)
			for range 1 + rng.IntN(20) {
				i := rng.IntN(len(tampered))
				tampered[i] = uint64(rng.IntN(int(tampered[0])))
			}
			mutated := append(append([]instr(nil), prog[:len(prog)-1]...), instr{op: opSubgraphs, args: tampered})
			got, err := certify(m, encode(header, mutated), 4)
			switch {
			case err != nil:
				t.Fatal(err)
			case got.Deviation != nil && got.Failure().Kind == "subgraphs":
				noticed++
			case got.Deviation != nil || got.Stored != res.Stored || got.Matched != res.Matched:
				t.Errorf("%s: tampered sizes: %v, %d/%d states and revisits, want %d/%d", file, got.Deviation, got.Stored, got.Matched, res.Stored, res.Matched)
			default:
				certified++
			}
		}
		short := append(append([]instr(nil), prog[:len(prog)-1]...), instr{op: opSubgraphs, args: sizes.args[:len(sizes.args)/2]})
		for _, parallel := range []int{0, 4} {
			if got, err := certify(m, encode(header, short), parallel); err != nil || got.Deviation == nil {
				t.Errorf("%s: a script with half its Subgraphs list certified (parallel %d)", file, parallel)
			}
		}
	}
	if noticed == 0 || certified == 0 {
		t.Errorf("tampered lists noticed %d times, certified %d times: want both", noticed, certified)
	}
	t.Logf("tampered Subgraphs lists: %d noticed, %d certified all the same", noticed, certified)
}
