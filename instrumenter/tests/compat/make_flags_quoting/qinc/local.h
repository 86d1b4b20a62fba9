/* found only through -iquote, by #include "local.h" */
#define LOCAL_HEADER "qinc/local.h"
