#include "cli/kernel_processes.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "solver/branch_wire.h"

namespace warpsat::cli {

namespace {

// The child's message: 'R' and the job's result, or 'E' and its error.
void write_all(int fd, const std::string& data) {
  size_t at = 0;
  while (at < data.size()) {
    ssize_t n = ::write(fd, data.data() + at, data.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent is gone: nothing to tell
    at += static_cast<size_t>(n);
  }
}

struct Child {
  pid_t pid = -1;
  int fd = -1;
  size_t index = 0;
  std::string data;
};

Child start(size_t i, const std::function<std::string(size_t)>& job) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  // Nothing buffered may be written twice, once by each process.
  std::fflush(nullptr);
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(fmt::format("cannot start a process: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    // The child: it ends with the parent (a --deadline that passes, an
    // interrupt), and leaves by _exit, past every destructor and atexit
    // handler: its memory goes back with the process.
    ::close(fds[0]);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);
    std::string message;
    try {
      message = "R" + job(i);
    } catch (...) {
      message = "E" + current_exception_to_wire();
    }
    write_all(fds[1], message);
    ::_exit(0);
  }
  ::close(fds[1]);
  return Child{pid, fds[0], i, {}};
}

// The child's exit in words, when it did not end normally.
std::optional<std::string> abnormal_end(int status) {
  if (WIFSIGNALED(status))
    return fmt::format("was killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) return fmt::format("exited with status {}", WEXITSTATUS(status));
  return std::nullopt;
}

}  // namespace

std::vector<std::string> run_in_child_processes(size_t n, unsigned jobs, const std::function<std::string(size_t)>& job,
                                                const std::function<void(size_t)>& done,
                                                const std::function<std::string(size_t)>& what,
                                                const std::vector<size_t>& order) {
  std::vector<std::string> results(n);
  std::vector<std::optional<std::string>> errors(n);  // error wire text, or an internal error's message
  std::vector<bool> internal(n, false);
  std::vector<Child> running;
  size_t next = 0;
  unsigned most = std::max(1u, jobs);
  while (next < n || !running.empty()) {
    while (running.size() < most && next < n) {
      running.push_back(start(order.empty() ? next : order[next], job));
      ++next;
    }
    std::vector<pollfd> fds;
    for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("poll: {}", std::strerror(errno)));
    }
    for (size_t k = fds.size(); k-- > 0;) {
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Child& c = running[k];
      char buffer[65536];
      ssize_t got = ::read(c.fd, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got > 0) {
        c.data.append(buffer, static_cast<size_t>(got));
        continue;
      }
      // End of the message: the child has written all it will.
      ::close(c.fd);
      int status = 0;
      while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
      }
      std::optional<std::string> bad = abnormal_end(status);
      if (bad || c.data.empty()) {
        errors[c.index] = fmt::format("the analysis of {} {} before it answered", what(c.index),
                                      bad ? *bad : "ended");
        internal[c.index] = true;
      } else if (c.data[0] == 'E') {
        errors[c.index] = c.data.substr(1);
      } else {
        results[c.index] = c.data.substr(1);
      }
      done(c.index);
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (errors[i]) {
      if (internal[i]) throw std::runtime_error(*errors[i]);
      rethrow_from_wire(*errors[i]);
    }
  return results;
}

}  // namespace warpsat::cli
