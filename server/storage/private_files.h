#pragma once
// The server's files hold what no one but the server may read: the database
// keeps every game's dice seed (so every future roll), the pending orders and
// the password hashes, and the TLS key is the server's identity. They are made
// readable by the server's user alone whatever the process umask (0022, 0000),
// and existing ones that are wider are narrowed at start-up, with a notice.
#include <filesystem>
#include <string_view>

namespace naumachia::server {

// Files only the server's user may read and write.
inline constexpr std::filesystem::perms kPrivateFile =
    std::filesystem::perms::owner_read | std::filesystem::perms::owner_write;
// Directories only the server's user may enter.
inline constexpr std::filesystem::perms kPrivateDirectory = std::filesystem::perms::owner_all;
// Files anyone may read (a certificate).
inline constexpr std::filesystem::perms kPublicFile =
    kPrivateFile | std::filesystem::perms::group_read | std::filesystem::perms::others_read;

// Creates `dir` and any missing parent with mode 0700. A directory that exists
// already keeps its mode (it may be shared, as the working directory is); a
// notice is logged when others may enter it.
void make_private_directory(const std::filesystem::path& dir);

// Creates the SQLite database file `db` empty with mode 0600 when it is
// missing, before SQLite would make it with the umask's mode; SQLite gives the
// -wal and -shm files the database's mode, so they are private too. An
// existing path that is not a regular file (a directory) is an error.
void create_private_database(const std::filesystem::path& db);

// Narrows an existing database and its -wal and -shm files to their owner
// (see narrow_to_owner), once SQLite has found that it is a database.
void narrow_database_files(const std::filesystem::path& db);

// Takes group and others' access away from an existing `file`, with a notice
// in the log; a warning when that is not possible (not its owner, read-only
// file system). Does nothing to a file that is private already or missing; a
// path that is not a regular file (a directory, a device) is an error.
void narrow_to_owner(const std::filesystem::path& file);

// Replaces `file` by one holding `content` with exactly `mode`: written to a
// new temporary file beside it, flushed, and renamed over it, so that the file
// is never readable with a wider mode nor seen half written.
void write_file(const std::filesystem::path& file, std::string_view content,
                std::filesystem::perms mode);

}  // namespace naumachia::server
