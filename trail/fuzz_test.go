package trail

import (
	"bytes"
	"testing"

	"gmc/vm"
)

// FuzzTrail feeds arbitrary text to Read, and the steps of every trail
// it reads to Follow on models with rendezvous, atomic sequences,
// process creation and a never claim: a damaged or foreign trail gets an
// error, never a panic (gmc replay reads files a user names). Run it
// with
//
//	go test ./trail -run '^$' -fuzz FuzzTrail -fuzztime 5m
func FuzzTrail(f *testing.F) {
	for _, seed := range []string{
		"1:0:3\n2:1:5\n",
		"-2:1:-2\n1:0:0\n2:1:0\n-1:-1:-1\n3:0:0\n4:1:0\n",
		"1:0:3\n2:0:1\n#gmc model " + string(bytes.Repeat([]byte("0123456789abcdef"), 4)) + "\n#gmc error assertion violated\n",
		"-4:-4:-4\n1:0:2\n2:2:4\n3:1:1\n",
		"",
	} {
		f.Add([]byte(seed))
	}
	var models []*vm.Model
	for _, c := range []struct {
		src   string
		claim string
	}{
		{`
chan c = [0] of { byte };
byte x;
proctype r(byte k) { atomic { x == k -> x++ }; c!x }
init { run r(0); run r(1); do :: c?_ :: x > 1 -> break od }`, ""},
		{toggleUnderClaim, "never_0"},
	} {
		spec := checked(f, c.src)
		for _, merge := range []bool{true, false} {
			m, err := vm.Compile(spec, vm.Options{Claim: c.claim, NoMerge: !merge})
			if err != nil {
				f.Fatal(err)
			}
			models = append(models, m)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, m := range models {
			Follow(m, tr.Steps, tr.Cycle)
		}
	})
}
