#ifndef LEGACY_H
#define LEGACY_H
int legacy_scale(int strict);
#endif
