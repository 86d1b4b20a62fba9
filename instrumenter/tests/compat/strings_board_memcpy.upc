/*
 * A message board of fixed-size char slots, one block per thread
 * (`shared [SLOT] char board[THREADS][SLOT]`): every thread formats its
 * message with snprintf into a private buffer and upc_memput's it into its
 * slot, copies its left neighbour's slot into its own "inbox" slot with
 * upc_memcpy (shared to shared), reverses it in place through a
 * pointer-to-local, and thread 0 reads everything back with upc_memget and
 * string functions.  Plus upc_memset of a slot and strings compared with
 * strncmp on the shared copies.
 */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <ctype.h>

#define SLOT 48

shared [SLOT] char board[THREADS][SLOT];
shared [SLOT] char inbox[THREADS][SLOT];
shared [SLOT] char blank[THREADS][SLOT];

static const char *words[] = { "alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
                               "golf", "hotel", "india", "juliett", "kilo", "lima" };

int main(void)
{
    char msg[SLOT], back[SLOT];
    int left = (MYTHREAD + THREADS - 1) % THREADS, i, n;
    char *mine;

    n = snprintf(msg, sizeof msg, "%s from %d", words[MYTHREAD % 12], MYTHREAD);
    memset(msg + n, 0, sizeof msg - n);
    upc_memput(&board[MYTHREAD][0], msg, SLOT);
    upc_memset(&blank[MYTHREAD][0], '-', SLOT - 1);
    blank[MYTHREAD][SLOT - 1] = '\0';
    upc_barrier;

    upc_memcpy(&inbox[MYTHREAD][0], &board[left][0], SLOT);
    /* my own inbox slot as a C string: reverse it, upper case */
    mine = (char *)&inbox[MYTHREAD][0];
    n = strlen(mine);
    for (i = 0; i < n / 2; i++) {
        char t = mine[i];
        mine[i] = mine[n - 1 - i];
        mine[n - 1 - i] = t;
    }
    for (i = 0; i < n; i++)
        mine[i] = toupper((unsigned char)mine[i]);
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, bad = 0;
        /* the inbox of the right neighbour of thread 0 (itself when alone) */
        upc_memget(back, &inbox[1 % THREADS][0], SLOT);
        printf("inbox of 0's neighbour: \"%s\" (%zu chars)\n", back, strlen(back));
        upc_memget(back, &inbox[0][0], SLOT);
        printf("inbox 0: \"%s\"\n", back);
        for (t = 0; t < THREADS; t++) {
            char want[SLOT];
            int k, len;
            upc_memget(msg, &board[(t + THREADS - 1) % THREADS][0], SLOT);
            upc_memget(back, &inbox[t][0], SLOT);
            len = strlen(msg);
            for (k = 0; k < len; k++)
                want[k] = toupper((unsigned char)msg[len - 1 - k]);
            want[len] = '\0';
            if (strcmp(want, back) != 0 || blank[t][10] != '-' || blank[t][SLOT - 1] != '\0')
                bad++;
        }
        printf("slots checked: %s\n", bad ? "mismatch" : "all match");
        printf("strlen of a blank slot: %zu\n", strlen((char *)&blank[0][0]));
    }
    return 0;
}
