#include <stdio.h>
#include "grid.h"

int main(void)
{
    int steps = 0;
    grid_init();
    while (grid_step() > 1e-3 && steps < 100000)
        steps++;
    if (MYTHREAD == 0)
        printf("threads=%d steps=%d grid[1]=%.3f\n", THREADS, steps, grid[1]);
    return 0;
}
