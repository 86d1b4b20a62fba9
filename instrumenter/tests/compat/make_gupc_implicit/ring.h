#ifndef RING_H
#define RING_H
#include <upc.h>

#define SLOTS 16

/* one mailbox of SLOTS longs per thread; the token travels around the ring */
extern shared [SLOTS] long mailbox[SLOTS * THREADS];
extern strict shared int turn;

void ring_pass(int round, long value);
long ring_collect(int round);
#endif
