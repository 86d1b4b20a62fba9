/* bupc_extensions.h — Berkeley UPC's general extensions, declared by <upc.h> as Berkeley UPC
 * does (UPC syntax; goes through the translator).  Every thread is a process sharing one
 * segment here, so two different threads are BUPC_THREADS_NEAR (BUPC_THREADS_FAR when the
 * MPI conduit reaches the other thread's data through the network).  Compile with
 * -DUPCCHECK_NO_BUPC_EXTENSIONS to leave them out (for a program that declares these names
 * itself). */
#ifndef _BUPC_EXTENSIONS_H_
#define _BUPC_EXTENSIONS_H_

#ifndef UPCCHECK_NO_BUPC_EXTENSIONS

/* distance classes, nearest first */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 100
#define BUPC_THREADS_NEAR 200
#define BUPC_THREADS_FAR 300
#define BUPC_THREADS_VERYFAR 400

/* the runtime's C definitions take only the constants above */
#ifndef UPCCHECK_BUPC_CONSTANTS_ONLY

int bupc_thread_distance(int threadX, int threadY);

/* a local address in `thread`'s shared memory as a pointer-to-shared (null if it is not) */
shared void *bupc_local_to_shared(void *ptr, int thread, int phase);
/* the pointer-to-shared (phase 0) of the shared object at a local address, or null */
shared void *bupc_inverse_cast(void *ptr);

void bupc_sleep(unsigned int secs);
void bupc_usleep(unsigned int usecs);
void bupc_nanosleep(unsigned int nsecs);
void bupc_sched_yield(void);

/* "<address=0x.. (addrfield=0x..), thread=T, phase=P>" into buf; 0, or -1 if it does not fit */
int bupc_dump_shared(shared const void *ptr, char *buf, int maxlen);

/* progress never depends on polling in this runtime */
#define bupc_poll() ((void)0)

#endif /* UPCCHECK_BUPC_CONSTANTS_ONLY */
#endif /* UPCCHECK_NO_BUPC_EXTENSIONS */

#endif /* _BUPC_EXTENSIONS_H_ */
