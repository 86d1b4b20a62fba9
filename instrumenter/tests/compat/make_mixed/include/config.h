#ifndef CONFIG_H
#define CONFIG_H
/* problem size: elements of the distributed vectors per thread */
#define PER_THREAD 50
#define BLOCK 10
#define ITERATIONS 6
#endif
