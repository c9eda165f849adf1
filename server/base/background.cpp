#include "base/background.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace naumachia::server {

void as_background_work() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  // On Linux a nice value set for the calling thread's id applies to that
  // thread alone. Failure only means the worker keeps normal priority.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
}

}  // namespace naumachia::server
