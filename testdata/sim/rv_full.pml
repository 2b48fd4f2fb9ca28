/* rv_full: full and nfull of a rendezvous channel in SPIN's simulator:
 * full holds and nfull does not (its length 0 reaches its capacity 0).
 * pan says the opposite (testdata/semantics/rv_full.pml).
 */
chan c = [0] of { byte };
init {
	if
	:: full(c) -> printf("full\n")
	:: nfull(c) -> printf("nfull\n")
	fi;
	if
	:: empty(c) -> printf("empty\n")
	:: nempty(c) -> printf("nempty\n")
	fi
}
