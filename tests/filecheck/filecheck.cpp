// Runs one file-based test, in the manner of LLVM's lit and FileCheck: the
// expectations live in the input file itself, in comments.
//
//   RUN: <shell command>      %s = this file, %S = its folder, %warpsat = the
//                             binary, %examples = examples/, %t = a scratch dir,
//                             %shared = ../shared (the corpora)
//   EXIT: <n>                 expected exit code of every RUN (default 0)
//   CHECK: <pattern>          must appear in the output, after the previous match
//   CHECK-NEXT: <pattern>     must appear on the line after the previous match
//   CHECK-NOT: <pattern>      must not appear between the surrounding matches
//   REQUIRES: <program>       skip (exit 77) unless <program> is on PATH
//   REQUIRES-FILE: <path>     skip (exit 77) unless <path> exists (after substitution)
//   LIMIT-SECONDS: <s>        each RUN fails if it has not ended after s seconds
//                             (wall clock; its whole process group is killed)
//   LIMIT-MIB: <n>            each RUN fails if its largest process's peak
//                             resident memory passes n MiB; its address space
//                             is capped too (2n + 1024 MiB), so that a
//                             runaway allocation ends at once
// Sanitized builds (WARPSAT_SANITIZED) run 4 times longer and keep freed
// memory in quarantine: there, the limits are 4s seconds and 2n + 512 MiB,
// and the address space is not capped (ASan reserves terabytes of shadow).
// A RUN that exits with 77 skips the test too (e.g. a script that needs nvcc).
//
// A pattern is literal text, except that {{regex}} matches a regular
// expression. Directives may follow any comment marker (//, #, ;).
// Output is stdout and stderr together, RUN after RUN.
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Directive {
  std::string kind;  // CHECK, CHECK-NEXT, CHECK-NOT
  std::string pattern;
  int line;
};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size()) s.replace(pos, from.size(), to);
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::regex compile(const std::string& pattern) {
  std::string re;
  for (size_t i = 0; i < pattern.size();) {
    if (pattern.compare(i, 2, "{{") == 0) {
      size_t end = pattern.find("}}", i + 2);
      if (end == std::string::npos) throw std::runtime_error("unterminated {{ in pattern: " + pattern);
      re += "(?:" + pattern.substr(i + 2, end - i - 2) + ")";
      i = end + 2;
    } else {
      char c = pattern[i++];
      if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos) re += '\\';
      re += c;
    }
  }
  return std::regex(re, std::regex::ECMAScript | std::regex::multiline);
}

// Finds `pattern` in `text` at or after `from`; returns [begin, end) or npos.
std::pair<size_t, size_t> find(const std::string& text, const std::string& pattern, size_t from, size_t until) {
  std::smatch m;
  std::string window = text.substr(from, until - from);
  if (!std::regex_search(window, m, compile(pattern))) return {std::string::npos, std::string::npos};
  return {from + static_cast<size_t>(m.position(0)), from + static_cast<size_t>(m.position(0) + m.length(0))};
}

#ifdef WARPSAT_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// What a RUN may use; 0 is no limit.
struct Limits {
  double seconds = 0;
  uint64_t mib = 0;
};

struct Outcome {
  int code = -1;
  bool timed_out = false;
  uint64_t peak_kib = 0;  // the largest resident set of the RUN's processes
};

// Runs `command` under /bin/sh in its own process group, stdout and stderr
// into `output`, within `limits`.
Outcome run_limited(const std::string& command, std::string& output, const Limits& limits) {
  Outcome outcome;
  int fds[2];
  if (pipe(fds) != 0) return outcome;
  pid_t pid = fork();
  if (pid < 0) return outcome;
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    if (limits.mib && !kSanitized) {
      rlim_t bytes = static_cast<rlim_t>(2 * limits.mib + 1024) << 20;
      rlimit as{bytes, bytes};
      setrlimit(RLIMIT_AS, &as);
    }
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so that a kill cannot come before the child's own call
  close(fds[1]);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(limits.seconds);
  char buf[4096];
  for (;;) {
    int wait_ms = -1;
    if (limits.seconds > 0 && !outcome.timed_out) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
        outcome.timed_out = true;
        kill(-pid, SIGKILL);
      } else {
        wait_ms = static_cast<int>(std::min<long long>(left, 1000));
      }
    }
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, wait_ms) == 0) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) output.append(buf, static_cast<size_t>(n));
    else if (n == 0 || errno != EINTR) break;
  }
  close(fds[0]);
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  outcome.peak_kib = static_cast<uint64_t>(usage.ru_maxrss);
  outcome.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

int run(const std::string& command, std::string& output) { return run_limited(command, output, {}).code; }

bool on_path(const std::string& program) {
  std::string ignored;
  return run("command -v " + program + " >/dev/null", ignored) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::cerr << "usage: filecheck WARPSAT EXAMPLES_DIR SHARED_DIR SCRATCH_DIR TEST_FILE\n";
    return 2;
  }
  std::string warpsat = argv[1], examples = argv[2], shared = argv[3], scratch = argv[4], file = argv[5];
  std::ifstream in(file);
  if (!in) {
    std::cerr << "cannot read " << file << "\n";
    return 2;
  }
  std::vector<std::string> runs;
  std::vector<Directive> checks;
  int expected_exit = 0;
  Limits limits;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    static const std::regex directive(
        R"((RUN|EXIT|CHECK-NEXT|CHECK-NOT|CHECK|REQUIRES-FILE|REQUIRES|LIMIT-SECONDS|LIMIT-MIB):(.*))");
    std::smatch m;
    if (!std::regex_search(line, m, directive)) continue;
    std::string kind = m[1], rest = trim(m[2]);
    if (kind == "RUN") runs.push_back(rest);
    else if (kind == "EXIT") expected_exit = std::stoi(rest);
    else if (kind == "LIMIT-SECONDS") limits.seconds = std::stod(rest) * (kSanitized ? 4 : 1);
    else if (kind == "LIMIT-MIB") limits.mib = std::stoull(rest) * (kSanitized ? 2 : 1) + (kSanitized ? 512 : 0);
    else if (kind == "REQUIRES-FILE") {
      std::string path = replace_all(replace_all(rest, "%shared", shared), "%examples", examples);
      if (!std::filesystem::exists(path)) {
        std::cout << "SKIP: " << path << " is not present\n";
        return 77;
      }
    } else if (kind == "REQUIRES") {
      if (!on_path(rest)) {
        std::cout << "SKIP: " << rest << " is not installed\n";
        return 77;
      }
    } else checks.push_back({kind, rest, number});
  }
  if (runs.empty() || checks.empty()) {
    std::cerr << file << ": a file test needs at least one RUN: and one CHECK: line\n";
    return 2;
  }
  std::filesystem::path dir = std::filesystem::path(file).parent_path();
  std::filesystem::path tmp = std::filesystem::path(scratch) / std::filesystem::path(file).filename();
  std::filesystem::remove_all(tmp);
  std::filesystem::create_directories(tmp);
  std::string output;
  for (std::string cmd : runs) {
    cmd = replace_all(cmd, "%warpsat", warpsat);
    cmd = replace_all(cmd, "%examples", examples);
    cmd = replace_all(cmd, "%shared", shared);
    cmd = replace_all(cmd, "%s", file);
    cmd = replace_all(cmd, "%S", dir.string());
    cmd = replace_all(cmd, "%t", tmp.string());
    Outcome outcome = run_limited(cmd, output, limits);
    if (outcome.timed_out) {
      std::cerr << "FAIL: `" << cmd << "` still ran after " << limits.seconds << " s (killed)\noutput:\n" << output;
      return 1;
    }
    if (limits.mib && outcome.peak_kib > limits.mib * 1024) {
      std::cerr << "FAIL: `" << cmd << "` peaked at " << outcome.peak_kib / 1024 << " MiB resident, over the limit of "
                << limits.mib << " MiB\noutput:\n" << output;
      return 1;
    }
    int code = outcome.code;
    if (code == 77 && expected_exit != 77) {  // a RUN may decide the test cannot run here
      std::cout << "SKIP: `" << cmd << "` asked to skip:\n" << output;
      return 77;
    }
    if (code != expected_exit) {
      std::cerr << "FAIL: `" << cmd << "` exited with " << code << ", expected " << expected_exit << "\noutput:\n"
                << output;
      return 1;
    }
  }
  size_t pos = 0, last_line_end = 0;
  std::vector<const Directive*> pending_not;
  for (const Directive& d : checks) {
    if (d.kind == "CHECK-NOT") {
      pending_not.push_back(&d);
      continue;
    }
    size_t until = output.size();
    if (d.kind == "CHECK-NEXT") {
      size_t next_start = output.find('\n', last_line_end == 0 ? pos : last_line_end);
      next_start = next_start == std::string::npos ? output.size() : next_start + 1;
      size_t next_end = output.find('\n', next_start);
      pos = next_start;
      until = next_end == std::string::npos ? output.size() : next_end;
    }
    auto [b, e] = find(output, d.pattern, pos, until);
    if (b == std::string::npos) {
      std::cerr << file << ":" << d.line << ": FAIL: " << d.kind << ": '" << d.pattern << "' not found"
                << "\noutput:\n" << output;
      return 1;
    }
    for (const Directive* n : pending_not)
      if (find(output, n->pattern, pos, b).first != std::string::npos) {
        std::cerr << file << ":" << n->line << ": FAIL: CHECK-NOT: '" << n->pattern << "' found\noutput:\n" << output;
        return 1;
      }
    pending_not.clear();
    pos = e;
    size_t eol = output.find('\n', b);
    last_line_end = eol == std::string::npos ? output.size() : eol;
  }
  for (const Directive* n : pending_not)
    if (find(output, n->pattern, pos, output.size()).first != std::string::npos) {
      std::cerr << file << ":" << n->line << ": FAIL: CHECK-NOT: '" << n->pattern << "' found\noutput:\n" << output;
      return 1;
    }
  std::cout << "PASS: " << checks.size() << " checks\n";
  return 0;
}
