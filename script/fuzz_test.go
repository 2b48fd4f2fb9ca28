package script

import (
	"bytes"
	"compress/gzip"
	"testing"

	"gmc/checker"
	"gmc/internal/modeltest"
	"gmc/search"
)

// FuzzCertify feeds arbitrary instructions to a certification: the
// fuzzer's bytes, gzipped, are a script gmc certify reads (a file a user
// names) of peterson.pml, certified whole and in two parts at once. Its
// seeds are the model's own scripts, full and trustful, whose header the
// mutations mostly keep. Nothing may panic, and a script that certifies
// must be the search's: the states stored and the errors found are the
// search's with the script's depth bound and reduction (a script that is
// not is refused with a deviation or an error). Run it with
//
//	go test ./script -run '^$' -fuzz FuzzCertify -fuzztime 5m
func FuzzCertify(f *testing.F) {
	m, err := modeltest.Compile("../examples/models/peterson.pml", false)
	if err != nil {
		f.Fatal(err)
	}
	for _, trustful := range []bool{false, true} {
		b, _ := writeScript(f, m, 10000, trustful)
		f.Add(raw(f, b))
	}
	type mode struct {
		depth   int
		reduced bool
	}
	searched := map[mode]*checker.Result{}
	search := func(t *testing.T, md mode) *checker.Result {
		if res := searched[md]; res != nil {
			return res
		}
		res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: md.depth}, Reduce: md.reduced}).Run()
		if err != nil {
			t.Fatal(err)
		}
		searched[md] = res
		return res
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(body)
		w.Close()
		r, err := Read(bytes.NewReader(z.Bytes()), m.Fingerprint())
		if err != nil {
			return
		}
		md := mode{r.MaxDepth(), r.Reduced()}
		r.Close()
		for _, parallel := range []int{0, 2} {
			got, err := certify(m, z.Bytes(), parallel)
			if err != nil || got.Deviation != nil || !got.Complete() {
				continue
			}
			if want := search(t, md); got.Stored != want.Stored || got.Stats.NumErrors != want.Stats.NumErrors {
				t.Errorf("parallel %d: certified %d states and %d errors; the search (depth %d, reduced %v) stores %d and finds %d",
					parallel, got.Stored, got.Stats.NumErrors, md.depth, md.reduced, want.Stored, want.Stats.NumErrors)
			}
		}
	})
}
