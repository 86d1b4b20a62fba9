/* A strict flag polled with an empty loop, compiled with -O3: the loop must
   re-read the flag every time. */
#include <upc.h>
#include <stdio.h>

strict shared int flag;
strict shared int release_count;
shared double payload;

int main(void)
{
    if (MYTHREAD == 0) {
        flag = 0;
        release_count = 0;
    }
    upc_barrier;

    if (MYTHREAD == THREADS - 1) {
        payload = 2.75;
        flag = 1;                 /* strict write: payload is visible before it */
    }
    while (!flag)
        ;
    if (payload != 2.75)
        printf("thread %d: payload not visible\n", MYTHREAD);

    /* a second round: every thread checks in, thread 0 waits for all of them */
    {
        static upc_lock_t *l;
        l = upc_all_lock_alloc();
        upc_lock(l);
        release_count = release_count + 1;
        upc_unlock(l);
        if (MYTHREAD == 0) {
            while (release_count != THREADS)
                ;
            printf("all %d threads released\n", release_count);
        }
        upc_barrier;
        if (MYTHREAD == 0)
            upc_lock_free(l);
    }
    return 0;
}
