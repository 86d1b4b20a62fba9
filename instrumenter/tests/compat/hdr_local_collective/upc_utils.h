#ifndef UPC_UTILS_H
#define UPC_UTILS_H
#define MASTER if (MYTHREAD == 0)
#define ROOT 0
#endif
