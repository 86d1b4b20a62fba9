#include <stdio.h>
#include "grid.h"
#include "report.h"

int main(void)
{
    grid_init();
    report("total/T", grid_total() / THREADS);
    grid_smooth(5);
    report("cell 0", grid[0]);
    report("cell 3", grid[3]);
    report("total/T", grid_total() / THREADS);
    if (MYTHREAD == 0)
        printf("generation %d, %d reports\n", generation, reports_made());
    return 0;
}
