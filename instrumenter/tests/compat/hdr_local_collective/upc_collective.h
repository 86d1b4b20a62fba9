/*
 * upc_collective.h -- shipped with this program: the implementation's collectives
 * plus the shorthands this code uses.
 */
#ifndef APP_UPC_COLLECTIVE_WRAPPER_H
#define APP_UPC_COLLECTIVE_WRAPPER_H

#include <upc_collective.h>

#define SYNC_ALL   (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
#define SYNC_NONE  (UPC_IN_NOSYNC | UPC_OUT_NOSYNC)

#endif
