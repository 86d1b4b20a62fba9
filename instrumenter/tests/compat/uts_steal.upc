/* Work-stealing tree search, in the style of UTS (Unbalanced Tree Search) for UPC */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSTACKDEPTH 5000
#define CHUNKSIZE 8

typedef struct {
  int type;
  int height;
  int numChildren;
  unsigned int state;
} Node;

typedef struct stealStack_t
{
  int stackSize;
  int local;
  int sharedStart;
  int top;
  int workAvail;
  int nNodes, nLeaves;
  int nSteal, nFail;
  upc_lock_t * stackLock;
  Node * stack;
  shared [] Node * stack_g;
} StealStack;

shared StealStack stealStack[THREADS];
shared int cb_count;
shared [1] int nodesCount[THREADS];
static int  debug = 0;

#define GET_NUM_THREADS THREADS
#define GET_THREAD_NUM  MYTHREAD
#define SET_LOCK(zlk)   upc_lock(zlk)
#define UNSET_LOCK(zlk) upc_unlock(zlk)
#define INIT_LOCK(zlk)  zlk = upc_global_lock_alloc()
#define SMEMCPY         upc_memget
#define ALLOC           upc_alloc
#define BARRIER         upc_barrier;
#define PUT(v,i,x)      v[i] = x

static unsigned int rng_next(unsigned int s) { return s * 1103515245u + 12345u; }

void ss_init(StealStack *s, int nelts) {
  int nbytes = nelts * sizeof(Node);
  s->stack_g = (shared [] Node *) ALLOC(nbytes);
  s->stack = (Node *) s->stack_g;
  if (s->stack == NULL) { printf("Request for %d bytes for stealStack on thread %d failed\n", nbytes, GET_THREAD_NUM); exit(1); }
  s->stackSize = nelts;
  s->nNodes = 0; s->nLeaves = 0; s->nSteal = 0; s->nFail = 0;
  s->local = 0; s->sharedStart = 0; s->top = 0; s->workAvail = 0;
  INIT_LOCK(s->stackLock);
}

void ss_push(StealStack *s, Node *c) {
  if (s->top >= s->stackSize) { fprintf(stderr, "ss_push: overflow\n"); exit(2); }
  memcpy(&(s->stack[s->top]), c, sizeof(Node));
  s->top++;
  s->nNodes++;
}

Node * ss_top(StealStack *s) { return &(s->stack[s->top-1]); }
void ss_pop(StealStack *s) { s->top--; }
int ss_localDepth(StealStack *s) { return (s->top - s->local); }

void ss_release(StealStack *s, int k) {
  SET_LOCK(s->stackLock);
  if (s->top - s->local >= k) { s->local += k; s->workAvail += k; }
  UNSET_LOCK(s->stackLock);
}

int ss_acquire(StealStack *s, int k) {
  int avail;
  SET_LOCK(s->stackLock);
  avail = s->local - s->sharedStart;
  if (avail >= k) { s->local -= k; s->workAvail -= k; avail = 1; } else avail = 0;
  UNSET_LOCK(s->stackLock);
  return avail;
}

int ss_steal(StealStack *s, int victim, int k) {
  int victimLocal, victimShared, victimWorkAvail, ok;
  SET_LOCK(stealStack[victim].stackLock);
  victimLocal = stealStack[victim].local;
  victimShared = stealStack[victim].sharedStart;
  victimWorkAvail = stealStack[victim].workAvail;
  if (victimLocal - victimShared != victimWorkAvail) { printf("ss_steal: inconsistent\n"); exit(3); }
  ok = victimWorkAvail >= k;
  if (ok) {
    stealStack[victim].sharedStart = victimShared + k;
    stealStack[victim].workAvail = victimWorkAvail - k;
  }
  UNSET_LOCK(stealStack[victim].stackLock);
  if (ok) {
    shared [] Node *victimStackBase = stealStack[victim].stack_g;
    SMEMCPY(&(s->stack[s->top]), &(victimStackBase[victimShared]), k * sizeof(Node));
    s->nSteal++;
    s->top += k;
  } else s->nFail++;
  return ok;
}

int findwork(int k) {
  int i, v;
  for (i = 1; i < GET_NUM_THREADS; i++) {
    v = (GET_THREAD_NUM + i) % GET_NUM_THREADS;
    if (stealStack[v].workAvail >= k) return v;
  }
  return -1;
}


int main(int argc, char *argv[]) {
  StealStack *ss = (StealStack *) &stealStack[MYTHREAD];
  Node root, child;
  int done = 0, i, total = 0;
  ss_init(ss, MAXSTACKDEPTH);
  BARRIER
  if (GET_THREAD_NUM == 0) {
    root.type = 0; root.height = 0; root.numChildren = 4; root.state = 7;
    ss_push(ss, &root);
  }
  BARRIER
  /* simple sequential expansion on the owner with releases; thieves steal */
  while (!done) {
    while (ss_localDepth(ss) > 0) {
      Node *n = ss_top(ss);
      Node cur = *n;
      ss_pop(ss);
      if (cur.height < 6) {
        int nc = (cur.state >> 3) % 4 + 1;
        for (i = 0; i < nc; i++) {
          child.type = 0; child.height = cur.height + 1;
          child.state = rng_next(cur.state + i); child.numChildren = 0;
          ss_push(ss, &child);
        }
        if (ss_localDepth(ss) > 2 * CHUNKSIZE) ss_release(ss, CHUNKSIZE);
      } else ss->nLeaves++;
    }
    if (ss_acquire(ss, CHUNKSIZE)) continue;
    done = 1;
  }
  nodesCount[MYTHREAD] = ss->nNodes;
  BARRIER
  if (MYTHREAD == 0) {
    for (i = 0; i < THREADS; i++) total += nodesCount[i];
    printf("nodes %d\n", total > 0);
  }
  return 0;
}
