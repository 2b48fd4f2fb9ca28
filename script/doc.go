// Package script is search-carrying code (004 ch. 3-4): a search records
// itself as a search script, and certification checks a model again by
// following the script instead of searching.
//
//   - script.go: the format (documented there) and Writer, which the
//     depth-first search drives through checker.Recorder (Writer.Recorder).
//   - scriptread.go: Reader, which checks, as the search follows it through
//     checker.Follower, that every move, arrival and backtrack is the
//     script's; a difference is a Deviation (004 Definition 3.1.4).
//   - trustful.go: Certify, and Trustful, which follows a trustful script
//     (the perfect search only, 004 §3.1.3) without a search.
//   - partition.go: CertifyParallel, the script split by Algorithm 3.2 and
//     its parts certified at once, their fingerprint maps compared.
//
// A Writer or Reader belongs to one search; CertifyParallel gives each part
// its own Reader and goroutine over one read-only model.
package script
