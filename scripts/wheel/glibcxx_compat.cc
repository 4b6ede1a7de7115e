// SPDX-License-Identifier: Apache-2.0
// Linked into the wheel's executable only (the Makefile's release-wheel), which is linked against
// Debian 11's libstdc++ (GCC 10, at most GLIBCXX_3.4.28) so that it runs where glibc is 2.31 and
// libstdc++ that old. The Swift toolchain's static runtime (libswiftCore.a,
// libswift_Concurrency.a) was compiled with GCC 12's headers, whose std::allocator calls
// std::__throw_bad_array_new_length() when an array's size overflows: a function libstdc++ has
// exported only since GCC 11 (GLIBCXX_3.4.29), the one symbol of the link GCC 10's lacks. This
// defines it as libstdc++ does, throwing std::bad_array_new_length (in GCC 10's libstdc++,
// CXXABI_1.3.8). Hidden: the executable's own calls bind to it when it is linked, and it is not
// exported, so no library's calls are routed to it where libstdc++ has its own.
#include <new>

namespace std {
[[noreturn]] __attribute__((visibility("hidden"))) void __throw_bad_array_new_length() {
    throw bad_array_new_length();
}
} // namespace std
