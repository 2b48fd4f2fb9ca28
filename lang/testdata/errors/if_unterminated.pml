#ifdef DEBUG
byte x;
init { skip }
