/* packed_shared.upc -- wire-format records in shared memory: structs with
 * __attribute__((packed)) (odd sizes, misaligned members), #pragma pack,
 * over-aligned structs with __attribute__((aligned(32))), their sizes,
 * upc_elemsizeof and layout, members read and written remotely, whole
 * records copied with upc_memget and struct assignment. */
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>

struct __attribute__((packed)) hdr {
    uint8_t kind;
    uint32_t len;          /* at offset 1 */
    uint16_t port;         /* at offset 5 */
};                         /* 7 bytes */

#pragma pack(push, 1)
typedef struct {
    char tag;
    double value;          /* at offset 1 */
    int16_t rank;
} rec_t;                   /* 11 bytes */
#pragma pack(pop)

typedef struct {
    int id;
    double w;
} __attribute__((aligned(32))) wide_t;   /* 32 bytes */

#define B 3
shared [B] struct hdr hdrs[B * THREADS];
shared [B] rec_t recs[B * 2 * THREADS];
shared wide_t wides[THREADS];

int main(void)
{
    int i, me = MYTHREAD, bad = 0;
    int nh = B * THREADS, nr = B * 2 * THREADS;

    upc_forall (i = 0; i < nh; i++; &hdrs[i]) {
        hdrs[i].kind = (uint8_t)(i & 0xff);
        hdrs[i].len = 0x01000000u + (uint32_t)i;
        hdrs[i].port = (uint16_t)(8000 + i);
    }
    upc_forall (i = 0; i < nr; i++; &recs[i]) {
        rec_t r;
        r.tag = (char)('a' + i % 26);
        r.value = i * 1.5;
        r.rank = (int16_t)-i;
        recs[i] = r;
    }
    wides[me].id = me;
    wides[me].w = me * 0.5;
    upc_barrier;

    /* every thread reads every record (mostly remote) */
    for (i = 0; i < nh; i++) {
        struct hdr h = hdrs[i];
        if (h.kind != (i & 0xff) || h.len != 0x01000000u + (uint32_t)i ||
            hdrs[i].port != 8000 + i)
            bad++;
    }
    for (i = 0; i < nr; i++)
        if (recs[i].tag != 'a' + i % 26 || recs[i].value != i * 1.5 || recs[i].rank != -i)
            bad++;
    {
        int other = (me + 1) % THREADS;
        rec_t blk[B];
        upc_memget(blk, &recs[B * other], sizeof blk);
        for (i = 0; i < B; i++)
            if (blk[i].value != (B * other + i) * 1.5) bad++;
        if (wides[other].id != other || wides[other].w != other * 0.5) bad++;
    }
    if (bad) printf("thread %d: %d bad\n", me, bad);
    upc_barrier;
    if (me == 0) {
        printf("sizes: hdr %d, rec %d, wide %d\n", (int)sizeof(struct hdr),
               (int)sizeof(rec_t), (int)sizeof(wide_t));
        printf("elemsizeof: %d %d %d\n", (int)upc_elemsizeof(hdrs),
               (int)upc_elemsizeof(recs), (int)upc_elemsizeof(wides));
        printf("localsizeof: %d %d %d\n", (int)upc_localsizeof(hdrs),
               (int)upc_localsizeof(recs), (int)upc_localsizeof(wides));
        printf("addrfield step of a wide_t: %d\n",
               THREADS > 1 ? (int)(upc_addrfield(&wides[THREADS]) - upc_addrfield(&wides[0]))
                           : 32);
    }
    return 0;
}
