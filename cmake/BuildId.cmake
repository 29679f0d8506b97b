# Writes OUT, a C++ file that defines warpsat::cli::build_id(): the project
# version, and where the sources are a git checkout, the commit they are at
# (+g<12 hex digits>, .dirty with uncommitted changes to tracked files).
# Shards of one run and entries of the verdict cache must come from the same
# code, not only from the same version number, which changes rarely
# (docs/distributed.md). Runs at every build; rewrites OUT only when the id
# changed, so that an unchanged id recompiles nothing.
#   cmake -DSOURCE_DIR=... -DOUT=... -DVERSION=... [-DGIT=...] -P BuildId.cmake
set(id "${VERSION}")
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed ERROR_QUIET)
  if(NOT failed AND commit)
    set(id "${VERSION}+g${commit}")
    execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND changes)
      set(id "${id}.dirty")
    endif()
  endif()
endif()
set(text "// Written by cmake/BuildId.cmake at build time: do not edit.\n#include \"cli/build_id.h\"\n\nnamespace warpsat::cli {\n\nconst char* build_id() { return \"${id}\"; }\n\n}  // namespace warpsat::cli\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
