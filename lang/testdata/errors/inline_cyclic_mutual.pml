// Two inlines that call each other.
inline ping() { pong() }
inline pong() { ping() }
init { ping() }
