/* The essence of CMake's compiler identification source. */
#if defined(__clang__)
# define COMPILER_ID "Clang"
#elif defined(__GNUC__)
# define COMPILER_ID "GNU"
#else
# define COMPILER_ID ""
#endif

#if defined(__linux) || defined(__linux__) || defined(linux)
# define PLATFORM_ID "Linux"
#else
# define PLATFORM_ID
#endif

char const* info_compiler = "INFO" ":" "compiler[" COMPILER_ID "]";
char const* info_platform = "INFO" ":" "platform[" PLATFORM_ID "]";

#define STRINGIFY_HELPER(X) #X
#define STRINGIFY(X) STRINGIFY_HELPER(X)

#if !defined(__STDC__) && !defined(__clang__)
# define C_VERSION "90"
#elif __STDC_VERSION__ > 201710L
# define C_VERSION "23"
#elif __STDC_VERSION__ >= 201710L
# define C_VERSION "17"
#elif __STDC_VERSION__ >= 201000L
# define C_VERSION "11"
#else
# define C_VERSION "99"
#endif
const char* info_language_standard_default = "INFO" ":" "standard_default[" C_VERSION "]";

int main(int argc, char* argv[])
{
  int require = 0;
  require += info_compiler[argc];
  require += info_platform[argc];
  require += info_language_standard_default[argc];
  (void)argv;
  return require;
}
