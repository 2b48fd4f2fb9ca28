active proctype P() {
	if
	:: break
	fi
}
