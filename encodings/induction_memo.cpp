#include "encodings/induction_memo.h"

namespace warpsat {

const std::vector<bool>* InductionMemo::find(const std::string& key) const {
  auto it = answers_.find(key);
  return it == answers_.end() ? nullptr : &it->second;
}

void InductionMemo::store(const std::string& key, std::vector<bool> proved) {
  answers_.emplace(key, std::move(proved));
}

}  // namespace warpsat
