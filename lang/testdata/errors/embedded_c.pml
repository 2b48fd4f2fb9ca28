c_decl { int counter; }
active proctype P() {
	c_code { counter++; }
}
