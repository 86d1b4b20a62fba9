#include <pthread.h>
#include <stdatomic.h>

static atomic_int hits;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct job { int id; void *(*run)(void *); };

static void *worker(void *arg) {
    struct job *job = (struct job *)arg;
    pthread_mutex_lock(&lock);
    atomic_fetch_add_explicit(&hits, job->id, memory_order_relaxed);
    pthread_mutex_unlock(&lock);
    return NULL;
}

int run_all(int n) {
    pthread_t tids[16];
    struct job jobs[16];
    if (n > 16) n = 16;
    for (int i = 0; i < n; i++) {
        jobs[i] = (struct job){ .id = i, .run = worker };
        if (pthread_create(&tids[i], 0, jobs[i].run, &jobs[i]) != 0)
            return -1;
    }
    for (int i = 0; i < n; i++) pthread_join(tids[i], NULL);
    return atomic_load(&hits);
}
