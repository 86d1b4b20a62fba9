/* Shared structs and arrays of them: scalar members on shared lvalues and through
 * pointers-to-shared, nested struct members, whole-struct copies in both directions,
 * &member (indefinite block size, the thread of the struct). Array members are in
 * struct_array_members.upc. */
#define CONF_FEATURE "structs"
#include "conf.h"

// expect-stdout: structs: origin (3, -4) label "origin"

struct inner { short a; long b; };
struct point {
    int x, y;
    double w;
    char label[12];
    struct inner in;
    int hist[3];
};

shared struct point origin;
shared [2] struct point pts[4 * THREADS];
shared struct point cyc[THREADS];

static void set_point(struct point *p, long i)
{
    memset(p, 0, sizeof *p);
    p->x = (int)i;
    p->y = (int)(-2 * i);
    p->w = i * 0.5;
    snprintf(p->label, sizeof p->label, "p%ld", i);
    p->in.a = (short)(i % 100);
    p->in.b = 1000000L * i;
    for (int k = 0; k < 3; k++)
        p->hist[k] = (int)(i + k);
}

/* A function taking a pointer-to-shared struct. */
static long sum_point(shared [2] struct point *p)
{
    return p->x + p->y + p->in.a + (*p).in.b / 1000000L;
}

int main(void)
{
    long T = THREADS;
    struct point probe;
    long off_y = (char *)&probe.y - (char *)&probe;
    long off_b = (char *)&probe.in.b - (char *)&probe;
    long off_in = (char *)&probe.in - (char *)&probe;

    CHECK_EQ(upc_threadof(&origin), 0);
    CHECK_EQ(upc_elemsizeof(pts), sizeof(struct point));
    CHECK_EQ(upc_blocksizeof(pts), 2);
    CHECK_EQ(upc_localsizeof(cyc), sizeof(struct point));

    if (MYTHREAD == 0) {
        struct point *lo = (struct point *)&origin; /* thread 0: the object is local */
        memset(lo, 0, sizeof *lo);
        origin.x = 3;
        origin.y = -4;
        strcpy(lo->label, "origin");
        origin.in.b = 77;
        lo->hist[2] = 9;
    }
    /* Owners write their elements by copy, through a pointer, and member by member. */
    for (long i = 0; i < 4 * T; i++) {
        if (upc_threadof(&pts[i]) != MYTHREAD)
            continue;
        struct point tmp;
        set_point(&tmp, i);
        if (i % 3 == 0) {
            pts[i] = tmp;
        } else if (i % 3 == 1) {
            shared [2] struct point *p = &pts[i];
            p->x = tmp.x;
            p->y = tmp.y;
            p->w = tmp.w;
            p->in = tmp.in;
            memcpy(((struct point *)p)->label, tmp.label, sizeof tmp.label);
            memcpy(((struct point *)p)->hist, tmp.hist, sizeof tmp.hist);
        } else {
            struct point *lp = (struct point *)&pts[i];
            memcpy(lp, &tmp, sizeof tmp);
            pts[i].x = 0;
            pts[i].in.a = 0;
            pts[i].in.b = 0;
            pts[i].x = tmp.x;
            pts[i].in.a = tmp.in.a;
            (&pts[i])->in.b = tmp.in.b;
        }
    }
    cyc[MYTHREAD].x = MYTHREAD;
    cyc[MYTHREAD].in.b = -(long)MYTHREAD;
    upc_barrier;

    {
        struct point o = origin;
        CHECK_EQ(origin.x, 3);
        CHECK_EQ(origin.y, -4);
        CHECK_EQ(origin.in.b, 77);
        CHECK_EQ(o.hist[2], 9);
        CHECK_EQ(o.label[0], 'o');
        CHECK_EQ(strcmp(o.label, "origin"), 0);
    }
    for (long i = 0; i < 4 * T; i++) {
        struct point want, got = pts[i];
        set_point(&want, i);
        CHECK_EQI(got.x, want.x, i);
        CHECK_EQI(got.y, want.y, i);
        CHECK(got.w == want.w);
        CHECK_EQI(strcmp(got.label, want.label), 0, i);
        CHECK_EQI(got.in.a, want.in.a, i);
        CHECK_EQI(got.in.b, want.in.b, i);
        CHECK_EQI(got.hist[2], want.hist[2], i);
        CHECK_EQI(pts[i].in.b, want.in.b, i);
        CHECK_EQI(pts[i].w == want.w, 1, i);
        CHECK_EQI((&pts[i])->y, want.y, i);
        CHECK_EQI(sum_point(&pts[i]), want.x + want.y + want.in.a + i, i);
        {
            struct inner in = pts[i].in;
            CHECK_EQI(in.b, want.in.b, i);
        }

        /* &member: thread of the struct, phase 0, address inside the struct. */
        long owner = (i / 2) % T, local = (i / (2 * T)) * 2 + i % 2;
        long long base = upc_addrfield(&pts[0]);
        CHECK_EQI(upc_threadof(&pts[i].y), owner, i);
        CHECK_EQI(upc_phaseof(&pts[i].y), 0, i);
        CHECK_EQI(upc_addrfield(&pts[i].y) - base, local * sizeof(struct point) + off_y, i);
        CHECK_EQI(upc_addrfield(&pts[i].in.b) - base, local * sizeof(struct point) + off_b, i);
        CHECK_EQI(upc_addrfield(&pts[i].in) - base, local * sizeof(struct point) + off_in, i);
        CHECK_EQI(upc_threadof(&(&pts[i])->in.b), owner, i);
        {
            shared [] int *py = &pts[i].y;
            CHECK_EQI(*py, want.y, i);
            shared [] long *pb = &pts[i].in.b;
            CHECK_EQI(*pb, want.in.b, i);
            shared [] struct inner *pin = &pts[i].in;
            CHECK_EQI(pin->a, want.in.a, i);
        }
    }
    for (long t = 0; t < T; t++) {
        CHECK_EQI(cyc[t].x, t, t);
        CHECK_EQI(cyc[t].in.b, -t, t);
        CHECK_EQI(upc_threadof(&cyc[t].in), t, t);
    }
    upc_barrier;
    /* A pointer to a whole shared struct stored in a private variable, walked. */
    {
        shared struct point *cp = &cyc[0];
        long s = 0;
        for (long t = 0; t < T; t++, cp++)
            s += cp->x;
        CHECK_EQ(s, T * (T - 1) / 2);
    }
    if (MYTHREAD == 0)
        printf("structs: origin (%d, %d) label \"%s\"\n", (int)origin.x, (int)origin.y,
               ((struct point *)&origin)->label);
    return conf_finish();
}
