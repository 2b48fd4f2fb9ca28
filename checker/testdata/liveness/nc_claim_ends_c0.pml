/* claim that ends: finite violation after several steps, -c0 finds many */
byte a, b;
active proctype P() { do :: a < 6 -> a++ :: a > 0 -> a-- od }
active proctype Q() { do :: b < 3 -> b++ :: b == 3 -> b = 0 od }
never {
	do
	:: a == 4 && b == 2 -> break
	:: a == 5 -> goto done
	:: else
	od;
done:	skip
}
