#define MAX(a, b) ((a) > (b) -> (a) : (b))
byte x;
init { x = MAX(1) }
