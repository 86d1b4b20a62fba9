/* sobel_edges.upc -- the Sobel edge detector of the UPC textbooks: an image in a
 * shared array distributed by rows (`shared [N]`), each thread filtering the rows
 * it owns and reading the neighbouring rows directly from shared memory. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define N 48
#define BYTE unsigned char

shared [N] BYTE orig[N][N];
shared [N] BYTE edge[N][N];

static void sobel(void)
{
    int i, j, d1, d2;
    double magnitude;

    upc_forall (i = 1; i < N - 1; i++; &edge[i][0]) {
        for (j = 1; j < N - 1; j++) {
            d1 = (int)orig[i - 1][j + 1] - orig[i - 1][j - 1];
            d1 += ((int)orig[i][j + 1] - orig[i][j - 1]) << 1;
            d1 += (int)orig[i + 1][j + 1] - orig[i + 1][j - 1];
            d2 = (int)orig[i - 1][j - 1] - orig[i + 1][j - 1];
            d2 += ((int)orig[i - 1][j] - orig[i + 1][j]) << 1;
            d2 += (int)orig[i - 1][j + 1] - orig[i + 1][j + 1];
            magnitude = sqrt((double)(d1 * d1 + d2 * d2));
            edge[i][j] = magnitude > 255 ? 255 : (BYTE)magnitude;
        }
    }
}

int main(void)
{
    int i, j;
    /* a bright square on a dark background, and a diagonal line */
    upc_forall (i = 0; i < N; i++; &orig[i][0])
        for (j = 0; j < N; j++)
            orig[i][j] = (i >= 12 && i < 36 && j >= 12 && j < 36) ? 200 : (i == j ? 90 : 10);
    upc_barrier;
    sobel();
    upc_barrier;
    if (MYTHREAD == 0) {
        long sum = 0;
        int strong = 0;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                sum += edge[i][j];
                strong += edge[i][j] == 255;
            }
        printf("edge sum %ld, saturated pixels %d\n", sum, strong);
        for (i = 10; i < 15; i++) {
            for (j = 10; j < 15; j++)
                printf(" %3d", edge[i][j]);
            printf("\n");
        }
    }
    return 0;
}
