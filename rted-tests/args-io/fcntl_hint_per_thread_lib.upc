/* Helper of fcntl_hint_per_thread_{err,ok}.upc: I/O tuning done after the file is opened,
 * as MPI-IO codes set their striping hints. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

void tune_io(upc_file_t *fd, long buffer_bytes)
{
    static char value[32];
    struct upc_hint h;
    snprintf(value, sizeof value, "%ld", buffer_bytes);
    h.key = "striping_unit";
    h.value = value;
    upc_all_fcntl(fd, UPC_SET_HINT, &h);
}
