Point p;
init { skip }
