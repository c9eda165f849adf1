#pragma once
// Whether the tests run under AddressSanitizer (the sanitized build: Debug,
// many times slower, and the allocator keeps freed memory in quarantine).
// GCC names it by __SANITIZE_ADDRESS__; clang before 18 only answers
// __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define NAUMACHIA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NAUMACHIA_UNDER_ASAN 1
#endif
#endif

namespace naumachia::testing {
#if defined(NAUMACHIA_UNDER_ASAN)
inline constexpr bool kUnderSanitizers = true;
#else
inline constexpr bool kUnderSanitizers = false;
#endif
}  // namespace naumachia::testing
