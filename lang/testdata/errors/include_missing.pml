#include "no_such_file.h"
init { skip }
