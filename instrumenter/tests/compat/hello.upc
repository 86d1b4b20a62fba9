/* hello.upc -- the classic first UPC program */
#include <upc.h>
#include <stdio.h>

int main()
{
    printf("Hello World from thread %d of %d\n", MYTHREAD, THREADS);
    return 0;
}
