/* Pointers to shared structures with array members: particle/cell codes */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>

#define NP 5
#define NAMELEN 12

typedef struct particle {
    double pos[3];
    double vel[3];
    int    id;
    char   name[NAMELEN];
    struct { int hits; short flags[2]; } stats;
} particle_t;

typedef shared particle_t *particle_ptr;

shared [NP] particle_t parts[NP*THREADS];
shared particle_t *shared slot[THREADS];

#define P(i)        (parts[(i)])
#define POS(p, d)   ((p)->pos[(d)])

static void init_particle(particle_ptr p, int id)
{
    int d;
    for (d = 0; d < 3; d++) {
        POS(p, d) = id + d * 0.25;
        p->vel[d] = -d;
    }
    p->id = id;
    sprintf((char *)p->name, "p%03d", id);      /* local: cast to private */
    p->stats.hits = 0;
    p->stats.flags[0] = (short)id;
    p->stats.flags[1] = (short)-id;
}

static double kinetic(shared const particle_t *p)
{
    return 0.5 * (p->vel[0]*p->vel[0] + p->vel[1]*p->vel[1] + p->vel[2]*p->vel[2]);
}

int main(void)
{
    int i, bad = 0;
    particle_t copy;
    particle_ptr q;
    shared double *dp;

    upc_forall (i = 0; i < NP*THREADS; i++; &parts[i])
        init_particle(&parts[i], i);
    slot[MYTHREAD] = (shared particle_t *) upc_alloc(sizeof(particle_t));
    upc_barrier;

    /* move a remote particle, field by field and whole */
    q = &parts[(MYTHREAD * NP + NP) % (NP * THREADS)];
    copy = *q;
    if (copy.id != (MYTHREAD * NP + NP) % (NP * THREADS)) bad++;
    if (strncmp(copy.name, "p", 1) != 0) bad++;
    *slot[MYTHREAD] = copy;
    slot[MYTHREAD]->stats.hits += 1;
    upc_memget(&copy, &parts[0], sizeof copy);
    if (copy.stats.flags[0] != 0 || copy.pos[2] != 0.5) bad++;

    dp = &q->pos[1];
    if (*dp != q->id + 0.25) bad++;
    dp = (shared double *)&q->vel[0];
    if (upc_threadof(dp) != upc_threadof(q)) bad++;
    if (kinetic(q) != 0.5 * (1 + 4)) bad++;

    {
        shared [NP] particle_t *r = &P(NP * THREADS - 1);
        char buf[NAMELEN];
        upc_memget(buf, &r->name[0], NAMELEN);
        if (strcmp(buf, "p") <= 0 || r->name[1] != '0' + (NP*THREADS-1) / 100) bad++;
        if (sizeof(*r) != sizeof(particle_t) || sizeof r->pos != 3 * sizeof(double)) bad++;
        if (r[-1].id != NP * THREADS - 2) bad++;
        if ((&r->stats)->flags[1] != -(NP * THREADS - 1)) bad++;
    }
    upc_barrier;
    if (slot[(MYTHREAD + 1) % THREADS]->stats.hits != 1) bad++;
    upc_barrier;
    upc_free(slot[MYTHREAD]);
    if (bad) printf("thread %d: %d bad\n", MYTHREAD, bad);
    upc_barrier;
    if (!MYTHREAD) printf("pts_struct_members: done\n");
    return bad;
}
