/* Condition coverage on the boolean structure of guards and assertions.
 * x runs 0, 1 (the first option), then 3 (the second).
 *   x < 3 && !(x == 1): both sides seen true and false;
 *   x == 1 || x > 5: x > 5 never true (evaluated only when x != 1);
 *   y: never evaluated (its && never gets past x == 7);
 *   the assertion x <= 3: a whole assertion never false is the property
 *   holding, not a gap; in x >= 0 || y the right side is never
 *   evaluated. */
byte x;
bool y;

active proctype p() {
	do
	:: x < 3 && !(x == 1) -> x++
	:: x == 1 || x > 5 -> x = 3
	:: x == 7 && y -> skip
	:: x >= 3 -> break
	od;
	assert(x <= 3);
	assert(x >= 0 || y)
}
