#ifndef LEGACY_H
#define LEGACY_H
int legacy_scale(int strict);
unsigned legacy_checksum(const char *text);
int asm_answer(void);
#endif
