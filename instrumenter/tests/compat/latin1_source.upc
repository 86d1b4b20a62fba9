/*
 * Somme des éléments d'un tableau partagé, puis comptage des caractères accentués
 * d'une chaîne -- fichier écrit en ISO-8859-1, comme beaucoup de codes de cours.
 * Auteur : équipe de démonstration.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

#define N_PAR_THREAD 16   /* éléments par thread */

shared [N_PAR_THREAD] int tableau[N_PAR_THREAD * THREADS];
shared int sommes[THREADS];

/* compte les octets >= 0x80 (lettres accentuées en Latin-1) */
static int accents(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if ((unsigned char) *s >= 0x80)
            n++;
    return n;
}

int main(void)
{
    int i, total = 0;
    const char *phrase = "été à la forêt, ça va très bien";

    upc_forall (i = 0; i < N_PAR_THREAD * THREADS; i++; &tableau[i])
        tableau[i] = i;
    upc_barrier;
    sommes[MYTHREAD] = 0;
    for (i = MYTHREAD * N_PAR_THREAD; i < (MYTHREAD + 1) * N_PAR_THREAD; i++)
        sommes[MYTHREAD] += tableau[i];
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            total += sommes[i];
        printf("somme correcte : %s\n",
               total == N_PAR_THREAD * THREADS * (N_PAR_THREAD * THREADS - 1) / 2 ? "oui" : "non");
        printf("octets accentues : %d sur %d\n", accents(phrase), (int) strlen(phrase));
        printf("premier octet : 0x%02x\n", (unsigned char) phrase[0]);
    }
    return 0;
}
