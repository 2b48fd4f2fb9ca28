package checker

import "bytes"

// cycleStart is the depth on the product search's path where the cycle
// it reports at depth starts: the node whose state the node at depth
// has again. That is pan's depthfound, found, for a cycle closed at the
// nested search's root; for one closed on a stack, depthfound is the
// depth the state was first stored at, which is its depth on the path
// only if it was stored there: otherwise the path is searched for the
// state, among the nodes the search stores (claim turns, nodes after a
// stutter, or every node outside atomic sequences without a claim).
// -1: not found. That happens, as in pan, past the first errors of a
// search that goes on after errors (-c0): pan then finds states on its
// first stack that are not on the path (and its trail has no cycle
// line either).
func (p *product) cycleStart(found, depth int) int {
	key := append([]byte(nil), p.keyOf(p.stateAt(depth))...)
	if found >= 0 && found < depth && bytes.Equal(p.keyOf(p.stateAt(found)), key) {
		return found
	}
	for j := depth - 1; j >= 0; j-- {
		if p.storedKind(j) && bytes.Equal(p.keyOf(p.stateAt(j)), key) {
			return j
		}
	}
	return -1
}

// storedKind reports whether the node at depth on the path is of a kind
// the search looks up in its store.
func (p *product) storedKind(depth int) bool {
	n := p.node(depth)
	if !p.claim {
		return n.tau&tauAtomic == 0
	}
	return n.tau&tauClaim != 0 || p.node(depth-1).tau&tauStutter != 0
}
