package script

import (
	"bytes"
	"compress/gzip"
	"testing"

	"gmc/internal/modeltest"
)

// FuzzCertify feeds arbitrary instructions to a certification: the
// fuzzer's bytes, gzipped, are a script gmc certify reads (a file a user
// names) of peterson.pml, certified whole and in two parts at once. Its
// seeds are the model's own scripts, full and trustful, whose header the
// mutations mostly keep. A script that is not the search's is refused
// with a deviation or an error; nothing may panic. Run it with
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
	f.Fuzz(func(t *testing.T, body []byte) {
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(body)
		w.Close()
		for _, parallel := range []int{0, 2} {
			certify(m, z.Bytes(), parallel)
		}
	})
}
