// Package repotest checks the repository as a whole rather than one
// package: that it stands on its own (no source file or document names a
// path or a document outside it) and that what the code cites resolves in
// docs/references.md. It has tests only.
package repotest
