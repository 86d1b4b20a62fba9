#include <upc.h>
#include <upc_io.h>

int first_value(upc_file_t *fd)
{
    int v = 0;
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    upc_all_fread_local(fd, &v, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return v;
}
