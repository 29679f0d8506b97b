// What the loop induction proved (docs/branches.md, "Loops"), remembered
// for the other encodings of the same kernel. A kernel's branches are
// encoded in several groups, and each group runs the induction of every
// loop its slices pass through: the same loop, entered in the same state,
// asks the same queries again (CUB's histogram sweep asked each one six
// times, up to 2 s apiece). A question is the induction solver's base and
// the list of "this candidate can differ" formulas; its key is their
// fingerprints (term_fingerprint.h), which two contexts agree on, and its
// answer says which candidates, by position, were proved. Two loops of
// the same shape (a histogram's channels) share answers that way. The memo
// is Z3-free, owned per kernel by the solver layer, never shared between
// threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "encodings/query_answers.h"

namespace warpsat {

class InductionMemo {
 public:
  // For the question with this key, if it was asked: per candidate, in the
  // question's order, whether it was proved never to differ.
  const std::vector<bool>* find(const std::string& key) const;
  void store(const std::string& key, std::vector<bool> proved);
  // Z3 resource units the kernel's induction queries have spent, in all of
  // its encodings.
  uint64_t spent() const { return spent_; }
  // Answers of earlier runs (query_answers.h), asked where this memo has
  // none, under a fingerprint blind to symbol names; null: none.
  QueryAnswers* answers = nullptr;
  void spend(uint64_t units) { spent_ += units; }

 private:
  std::unordered_map<std::string, std::vector<bool>> answers_;
  uint64_t spent_ = 0;
};

}  // namespace warpsat
