/* upc_strict.h — every inclusion makes the following shared accesses strict by default. */
#pragma upc strict
#include "upc.h"
