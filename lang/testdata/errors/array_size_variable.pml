byte n = 3;
byte a[n];
init { skip }
