/* Q can spin without P ever reaching its progress label */
byte x, y;
active proctype P() { do :: x < 2 -> progress: x++ :: else -> x = 0 od }
active proctype Q() { do :: y = 1 - y od }
