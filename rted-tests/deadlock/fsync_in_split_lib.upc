/* Helper for fsync_in_split_err.upc and fsync_in_split_ok.upc. */
#include <upc.h>
#include <upc_io.h>

void save(upc_file_t *fd)
{
    upc_all_fsync(fd);
}
