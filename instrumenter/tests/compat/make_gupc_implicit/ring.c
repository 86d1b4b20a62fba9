#include "ring.h"

shared [SLOTS] long mailbox[SLOTS * THREADS];
strict shared int turn;

/* wait for my turn, then write into my right-hand neighbour's mailbox */
void
ring_pass(int round, long value)
{
    int right = (MYTHREAD + 1) % THREADS;
    while (turn != round * THREADS + MYTHREAD)
        ;
    mailbox[right * SLOTS + round % SLOTS] = value;
    turn = turn + 1;
}

long
ring_collect(int round)
{
    return mailbox[MYTHREAD * SLOTS + round % SLOTS];
}
