#include <upc.h>
#include "memget_extern_store.h"

shared [NPART] particle_t store[NPART * THREADS];
