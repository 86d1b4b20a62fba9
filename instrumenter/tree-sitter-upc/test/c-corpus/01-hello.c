/* Classic hello world with argument handling. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return EXIT_FAILURE;
    }
    for (int i = 1; i < argc; ++i)
        printf("hello, %s%c", argv[i], i + 1 < argc ? ' ' : '\n');
    return 0;
}
