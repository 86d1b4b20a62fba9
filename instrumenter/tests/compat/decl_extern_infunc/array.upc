#include <upc.h>

#define N 16

shared int array[N*THREADS];
shared [N] double matrix[N*THREADS];
shared int flag_count;
