#pragma once
#include "grid.h"
#include "grid.h"

static inline long tri(long n) { return n * (n + 1) / 2; }
