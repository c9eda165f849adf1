#pragma once
// The worker pool's jobs (password hashing, replays) yield to the network and
// storage threads.
namespace naumachia::server {

// Called first in every worker job: a worker thread runs at a lower priority
// than the network and storage threads (Linux nice +10, once per thread), so
// that hashing and replays on a busy core never hold up the answer to
// another player's request.
void as_background_work();

}  // namespace naumachia::server
