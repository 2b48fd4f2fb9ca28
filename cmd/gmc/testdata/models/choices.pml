byte x;
active proctype A() {
  do
  :: x < 2 -> x++
  :: x > 0 -> x--
  :: break
  od
}
active proctype B() {
  x = 1;
  printf("x=%d\n", x)
}
