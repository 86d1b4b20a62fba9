#ifdef __cplusplus
# error "A C++ compiler has been selected for C."
#endif
#include <stddef.h>
#define SIZEOF_DPTR (sizeof(void*))
const char info_sizeof_dptr[] = {
  'I', 'N', 'F', 'O', ':', 's', 'i', 'z', 'e', 'o', 'f', '_', 'd', 'p', 't', 'r', '[',
  ('0' + ((SIZEOF_DPTR / 10) % 10)), ('0' + (SIZEOF_DPTR % 10)), ']', '\0'
};
int main(int argc, char* argv[])
{
  int require = 0;
  require += info_sizeof_dptr[argc];
  (void)argv;
  return require;
}
