// An inline defined twice (SPIN: procedure name redefined).
inline reset() { skip }
inline reset() { skip }
init { reset() }
