init { run Nobody() }
