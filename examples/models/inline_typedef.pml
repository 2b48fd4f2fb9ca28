/*
 * inline_typedef.pml -- typedef, inline, arrays, for, select, unless.
 *
 * What it models:
 *   Two robots walk on a W x W grid.  A robot record is a typedef that
 *   contains a nested typedef (its position, a Point) and an array field
 *   (the directions it chose).  Each robot makes up to STEPS moves; every
 *   move picks a direction nondeterministically with `select` and applies
 *   it with an `inline` that keeps the robot on the grid.  A Controller
 *   watches the robots and raises `stop` when they meet; the walking loop
 *   is wrapped in an `unless` block so that `stop` aborts it immediately,
 *   at whatever point the walk has reached.
 *
 *   Features: typedef (nested, with an array field, array of typedefs,
 *   typedef-typed local), inline with parameters (including a result
 *   parameter and struct fields as arguments), for (i : a .. b), for
 *   (i in array), select, unless, #define macros used as expressions.
 *
 * Property checked (assertions + end states):
 *   - robots never leave the grid;
 *   - a robot never records more than STEPS moves;
 *   - `unless` pre-empts the walk as soon as `stop` is set: if the
 *     Controller stopped the robots, the Manhattan distance (computed by
 *     an inline) between them is still 0 at the end; robots are only
 *     marked aborted when stop was set;
 *   - no invalid end states (init waits for everybody).
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *
 *   SPIN 6.5.2 (-c0 -m100000): 74,194 states stored, 153,682
 *   transitions with statement merging; 74,362 / 153,850 with -o3;
 *   errors: 0.
 */

#define W      3            /* the grid is W x W                 */
#define STEPS  2            /* moves per robot                   */
#define NR     2            /* number of robots                  */

typedef Point {
	byte x;
	byte y
};

typedef Robot {
	Point pos;              /* nested typedef                    */
	byte  path[STEPS];      /* array field: directions chosen    */
	byte  nsteps;           /* number of moves made              */
	bool  aborted           /* set when `unless` fired           */
};

Robot r[NR];                /* array of typedef'd records        */
bool  stop;                 /* set by the Controller             */

/* same cell? (a macro, so it can be used as an expression) */
#define MET  (r[0].pos.x == r[1].pos.x && r[0].pos.y == r[1].pos.y)

/* Move the point (px,py) one cell in direction dir, unless that leaves the
 * grid.  Two spin restrictions shape this inline: a parameter p used as
 * `p.x` only works when the actual argument is a plain variable (not
 * r[id].pos), and a parameter may not have the same name as a structure
 * field that occurs in the actual arguments (naming it `x` and passing
 * r[id].pos.x is rejected).  Both give "formal par of step used in
 * structure name". */
inline step(px, py, dir)
{
	if
	:: dir == 0 && px < W - 1 -> px++
	:: dir == 1 && px > 0     -> px--
	:: dir == 2 && py < W - 1 -> py++
	:: dir == 3 && py > 0     -> py--
	:: else -> skip                    /* bumped into a wall */
	fi
}

/* absolute difference, used for the Manhattan distance */
inline absdiff(a, b, res)
{
	if
	:: a >= b -> res = a - b
	:: else   -> res = b - a
	fi
}

/* d = Manhattan distance between (x1,y1) and (x2,y2); an inline can
 * declare variables: they belong to the enclosing proctype */
inline manhattan(x1, y1, x2, y2, d)
{
	byte dx, dy;
	absdiff(x1, x2, dx);
	absdiff(y1, y2, dy);
	d = dx + dy
}

proctype Walker(byte id)
{
	byte i, d;

	{
		for (i : 0 .. STEPS - 1) {
			select (d : 0 .. 3);       /* pick a direction       */
			step(r[id].pos.x, r[id].pos.y, d);
			r[id].path[i] = d;
			r[id].nsteps++;
			d = 0                      /* reset: fewer states     */
		}
	} unless {
		stop -> r[id].aborted = true   /* escape: robots met     */
	};

	assert(r[id].pos.x < W && r[id].pos.y < W);
	assert(r[id].nsteps <= STEPS)
}

proctype Controller()
{
	do
	:: atomic { MET -> stop = true }; break
	:: r[0].nsteps == STEPS && r[1].nsteps == STEPS -> break
	od
}

init
{
	byte i, dist;
	Point home;             /* a typedef'd local variable */

	atomic {
		/* robot 0 starts in the lower-left, robot 1 in the upper-right
		 * corner */
		home.x = W - 1; home.y = W - 1;
		r[1].pos.x = home.x; r[1].pos.y = home.y;
		run Walker(0);
		run Walker(1);
		run Controller()
	};

	_nr_pr == 1;            /* wait until all children have terminated */

	/* every recorded direction is valid */
	for (i : 0 .. NR - 1) {
		assert(r[i].nsteps <= STEPS);
	}
	for (i in r[0].path) {
		assert(i >= r[0].nsteps || r[0].path[i] <= 3)
	}

	/* once stop is set, the escape clause pre-empts every further move,
	 * so if the Controller stopped the robots they are still together */
	if
	:: stop ->
		manhattan(r[0].pos.x, r[0].pos.y, r[1].pos.x, r[1].pos.y, dist);
		assert(dist == 0)
	:: else ->
		assert(!r[0].aborted && !r[1].aborted)
	fi
}
