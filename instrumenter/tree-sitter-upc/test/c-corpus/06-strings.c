#include <wchar.h>

static const char *greetings[] = {
    "plain",
    "escapes: \t\n\\\"\x41\101",
    "concatenated " "string " "literal",
    u8"utf-8",
    NULL,
};

static const wchar_t *wide = L"wide";
static const char chars[] = { 'a', '\'', '\0', '\x7f', '\n' };
static const unsigned long long big = 18446744073709551615ULL;
static const double reals[] = { 1.0, .5, 1e10, 0x1.8p3, 3.f, 2.5L };

int count_chars(const char *s, char c) {
    int n = 0;
    while (*s) n += *s++ == c;
    return n;
}
