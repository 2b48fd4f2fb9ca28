active proctype P() {
L:	skip;
L:	skip
}
