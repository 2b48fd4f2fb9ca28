/* weak fairness where a process ends: two W's end and the last is
 * removed; when a W at the counter cannot move (it waits to be removed)
 * after a higher one moved, pan runs its loop over the processes again
 * from its From, which the last move's subtree left (one process fewer),
 * not from this state's last process */
active proctype Noise() { bit b; do :: accept: b = 1 - b od }
active [2] proctype W() { skip }
