/* upc_tick.h — UPC 1.3 high-resolution timers (ticks are nanoseconds of CLOCK_MONOTONIC). */
#ifndef _UPC_TICK_H_
#define _UPC_TICK_H_

#include <stdint.h>

typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN 0ULL
#define UPC_TICK_MAX 0xffffffffffffffffULL

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

#endif /* _UPC_TICK_H_ */
