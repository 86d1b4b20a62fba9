/* CLASS = S */
/*
   This file is generated automatically by the setparams utility.
   It sets the number of processors and the class of the NPB
   in this directory. Do not modify it by hand.
*/
#define CLASS 'S'
#define NUM_PROCS 1
#define TOTAL_KEYS_LOG_2 10
#define MAX_KEY_LOG_2 7
#define NUM_BUCKETS_LOG_2 4
#define COMPILETIME "01 Jan 2024"
#define NPBVERSION "2.4"
#define CC "upcc"
#define CFLAGS "-O3"
#define CLINK "upcc"
#define CLINKFLAGS "(none)"
#define C_LIB "-lm"
#define C_INC "-I../common"
