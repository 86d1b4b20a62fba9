/*************************************************************************
 *                                                                       *
 *        N  A  S     P A R A L L E L     B E N C H M A R K S  2.4       *
 *                                                                       *
 *                                  I S                                  *
 *                                                                       *
 *  UPC version for small classes. Keys are generated with the NPB       *
 *  generator (each thread jumps to its part of the sequence), counted   *
 *  per key value on every thread, and ranked by the thread that owns a  *
 *  range of key values: it adds the counts of all threads for its keys  *
 *  (remote reads) and the ranges are offset by upc_all_prefix_reduceI.  *
 *  Thread 0 regenerates the whole sequence and checks every rank.       *
 *                                                                       *
 *************************************************************************/
#include <upc.h>
#include <upc_collective.h>
#include "npb-UPC.h"
#include "npbparams.h"

/******************/
/* default values */
/******************/
#define TOTAL_KEYS       (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY          (1 << MAX_KEY_LOG_2)
#define NUM_KEYS         TOTAL_KEYS
#define MAX_ITERATIONS   10
#define TEST_ARRAY_SIZE  5

typedef int INT_TYPE;

/* key counts of every thread: block t holds the counts of thread t's keys */
shared [MAX_KEY] INT_TYPE key_count[MAX_KEY*THREADS];
/* ranks: the owner of key value k stores rank(k) at key_rank[owner*MAX_KEY + k] */
shared [MAX_KEY] INT_TYPE key_rank[MAX_KEY*THREADS];
shared INT_TYPE range_total[THREADS], range_prefix[THREADS];
shared int passed[THREADS];

INT_TYPE *key_array;
INT_TYPE my_first_key, my_num_keys;

/*****************************************************************/
/*************      F  I  N  D  _  M  Y  _  S  E  E  D    ********/
/* Create a random number sequence of total length nn residing   */
/* on np number of processors.  Each processor will therefore    */
/* have a subsequence of length nn/np.  This routine returns     */
/* that random seed which is the first random number for the     */
/* subsequence belonging to processor rank kn, and which is used */
/* as seed for proc kn ran # gen.                                */
/*****************************************************************/
double find_my_seed( long kn, long np, long nn, double s, double a )
{
    long   i;
    double t1, t2, an;
    long   mq, nq, kk, ik;

    nq = nn / np;
    for( mq = 0; nq > 1; mq++, nq /= 2 )
        ;
    t1 = a;
    for( i = 1; i <= mq; i++ )
        t2 = randlc( &t1, t1 );
    an = t1;

    kk = kn;
    t1 = s;
    t2 = an;
    for( i = 1; i <= 100; i++ )
    {
        ik = kk / 2;
        if( 2 * ik != kk )
            randlc( &t1, t2 );
        if( ik == 0 )
            break;
        randlc( &t2, t2 );
        kk = ik;
    }
    return( t1 );
}

/*****************************************************************/
/*************      C  R  E  A  T  E  _  S  E  Q      ************/
/*****************************************************************/
void create_seq( double seed, double a, INT_TYPE *keys, INT_TYPE n )
{
    double x;
    INT_TYPE i, k;

    k = MAX_KEY / 4;
    for (i = 0; i < n; i++)
    {
        x = randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        keys[i] = k * x;
    }
}

static INT_TYPE range_lo(int t) { return (INT_TYPE) ((long) MAX_KEY * t / THREADS); }

int main( int argc, char **argv )
{
    INT_TYPE i, k, t;
    INT_TYPE *counts;
    double timecounter;
    int ok = 1;

    /* the keys: NUM_KEYS split in contiguous parts, sizes differing by at most one */
    my_first_key = (INT_TYPE) ((long) NUM_KEYS * MYTHREAD / THREADS);
    my_num_keys = (INT_TYPE) ((long) NUM_KEYS * (MYTHREAD + 1) / THREADS) - my_first_key;
    key_array = (INT_TYPE *) malloc(sizeof(INT_TYPE) * (my_num_keys + 1));

    if (MYTHREAD == 0) {
        printf( "\n\n NAS Parallel Benchmarks 2.4 UPC version - IS Benchmark\n\n" );
        printf( " Size:  %d  (class %c)\n", TOTAL_KEYS, CLASS );
        printf( " Iterations:   %d\n", MAX_ITERATIONS );
        printf( " Number of threads:     %d\n", THREADS );
    }

    timer_clear( 0 );
    timer_start( 0 );

    /* my part of the sequence starts at random number 4*my_first_key */
    {
        double seed = 314159265.00, a = 1220703125.00, an = a;
        long n = 4L * my_first_key, kk = n, ik;
        double t1 = seed, t2 = an;
        while (kk > 0) {                      /* t1 = seed * a^n (mod 2^46) */
            ik = kk / 2;
            if (2 * ik != kk)
                randlc(&t1, t2);
            randlc(&t2, t2);
            kk = ik;
        }
        create_seq(t1, a, key_array, my_num_keys);
    }

    /* count my keys into my block of key_count, through a local pointer */
    counts = (INT_TYPE *) &key_count[MYTHREAD * MAX_KEY];
    for (k = 0; k < MAX_KEY; k++)
        counts[k] = 0;
    for (i = 0; i < my_num_keys; i++)
        counts[key_array[i]]++;
    upc_barrier;

    /* total counts for the key values I own */
    {
        INT_TYPE lo = range_lo(MYTHREAD), hi = range_lo(MYTHREAD + 1), sum = 0;
        INT_TYPE *ranks = (INT_TYPE *) &key_rank[MYTHREAD * MAX_KEY];
        for (k = lo; k < hi; k++) {
            INT_TYPE c = 0;
            for (t = 0; t < THREADS; t++)
                c += key_count[t * MAX_KEY + k];
            ranks[k] = sum;                   /* keys below k within my range */
            sum += c;
        }
        range_total[MYTHREAD] = sum;
        upc_all_prefix_reduceI(range_prefix, range_total, UPC_ADD, THREADS, 1, NULL,
                               UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        for (k = lo; k < hi; k++)
            ranks[k] += range_prefix[MYTHREAD] - sum;
    }
    upc_barrier;

    timer_stop( 0 );
    timecounter = timer_read( 0 );

    /* full verification on thread 0: regenerate all keys serially */
    if (MYTHREAD == 0) {
        INT_TYPE *all = (INT_TYPE *) malloc(sizeof(INT_TYPE) * NUM_KEYS);
        INT_TYPE *cnt = (INT_TYPE *) calloc(MAX_KEY, sizeof(INT_TYPE));
        INT_TYPE below = 0;
        create_seq(314159265.00, 1220703125.00, all, NUM_KEYS);
        for (i = 0; i < NUM_KEYS; i++) {
            if (all[i] < 0 || all[i] >= MAX_KEY) { ok = 0; break; }
            cnt[all[i]]++;
        }
        for (k = 0; ok && k < MAX_KEY; k++) {
            int owner = 0;
            while (owner + 1 < THREADS && range_lo(owner + 1) <= k)
                owner++;
            if (key_rank[owner * MAX_KEY + k] != below)
                ok = 0;
            below += cnt[k];
        }
        if (below != NUM_KEYS)
            ok = 0;
        if (range_prefix[THREADS - 1] != NUM_KEYS)
            ok = 0;
        free(all);
        free(cnt);
        c_print_results( "IS", CLASS, TOTAL_KEYS, 0, 0, MAX_ITERATIONS, NUM_PROCS,
                         timecounter,
                         ((double) (MAX_ITERATIONS * TOTAL_KEYS)) / timecounter / 1000000.,
                         "keys ranked", ok, NPBVERSION, COMPILETIME,
                         CS1, CS2, CS3, CS4, CS5, CS6, CS7 );
    }
    free(key_array);
    return 0;
}
