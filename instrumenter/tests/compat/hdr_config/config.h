/* config.h -- problem configuration */
#ifndef CONFIG_H
#define CONFIG_H

#define VEC_LEN_PER_THREAD   32
#define VEC_LEN              (VEC_LEN_PER_THREAD * THREADS)
#define BLK                  4
#define TOLERANCE            1.0e-12

#ifndef NITER
#define NITER 3
#endif

typedef double real;

#endif /* CONFIG_H */
