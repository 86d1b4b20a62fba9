#include "pgasutil.h"
/* only data: this archive member is linked because driver.upc refers to it */
shared [SEG] long work[SEG*THREADS];
shared long partial[THREADS];
shared int nerrors = 0;
