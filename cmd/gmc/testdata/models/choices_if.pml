chan c = [0] of { byte };
byte x;
active proctype A() {
  if
  :: else -> x = 2
  :: x > 0 -> x = 3
  fi;
  c?x;
  timeout -> x = 9
}
active proctype B() {
  x = 1;
  c!5
}
