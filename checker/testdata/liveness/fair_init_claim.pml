/* the same with a never claim whose initial state accepts: the counter
 * starts at the number of processes plus one, the claim included */
byte x;
active proctype P() { do :: x = 1 - x od }
active proctype Q() { do :: x == 0 -> skip od }
never { accept_init: do :: x == 0 -> goto s1 :: true od; s1: do :: x == 1 -> goto accept_init od }
