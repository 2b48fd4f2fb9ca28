/* Counts lines, words and characters of what STDIN holds, like wc. */
chan STDIN;
int c, lines, words, chars;

init {
	bool inword;
	do
	:: STDIN?c ->
		if
		:: c == -1 -> break
		:: c == '\n' -> chars++; lines++
		:: else -> chars++
		fi;
		if
		:: c == ' ' || c == '\t' || c == '\n' -> inword = false
		:: !inword && !(c == ' ' || c == '\t' || c == '\n') -> words++; inword = true
		:: else
		fi
	od;
	printf("%d %d %d\n", lines, words, chars)
}
