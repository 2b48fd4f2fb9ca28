#define N 5
active proctype P() {
	N = 3
}
