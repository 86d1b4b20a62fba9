/* upc_relaxed.h — every inclusion makes the following shared accesses relaxed by default. */
#pragma upc relaxed
#include "upc.h"
