#ifndef __TYPE_H__
#define __TYPE_H__
typedef enum { false, true } boolean;
typedef int INT_TYPE;
#endif
