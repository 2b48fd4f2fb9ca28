/* when -g and -l print a variable after a step: a global only when its
   value changed, a local whenever it was assigned */
int g = 1;

active proctype P() {
	int l = 1;
	g = 1;
	l = 1;
	g = 2;
	l = 2
}
