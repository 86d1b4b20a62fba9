/* plain C helpers; compiled as UPC like every .c file of the program */
#include "field.h"

double
clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

double
average3(double l, double m, double r)
{
    return clamp((l + m + r) / 3.0, 0.0, 100.0);
}
