#ifndef CONFIG_H
#define CONFIG_H 1

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define STR(x) #x
#define CAT(a, b) a##b
#define LOG(fmt, ...) fprintf(stderr, fmt, __VA_ARGS__)

#if defined(__linux__) && !defined(NO_THREADS)
#  define HAVE_THREADS 1
#elif defined(_WIN32)
#  define HAVE_THREADS 0
#else
#  error "unknown platform"
#endif

#ifdef HAVE_THREADS
static int threads_enabled = HAVE_THREADS;
#endif

#pragma once
#pragma pack(push, 1)
struct packed { char c; int i; };
#pragma pack(pop)

#undef STR
#line 100 "generated.c"

int max3(int a, int b, int c) { return MAX(MAX(a, b), c); }

#endif /* CONFIG_H */
