// A query with some of its symbols fixed to values (the ids and parameters
// of a run the emulator made, or a model's ids and loaded values). Asked as
// equalities `symbol == value`, Z3 still bit-blasts every term the symbols
// feed; replaced by the values and simplified first, most of the query
// folds to constants before the solver sees it (CUB's histogram sweep:
// pinned queries went from up to half a second to a few milliseconds).
#pragma once

#include <cstdint>

#include <z3++.h>

namespace warpsat {

class PinnedQuery {
 public:
  explicit PinnedQuery(z3::context& c) : c_(c), from_(c), to_(c), rest_(c) {}

  // term := value (a bit-vector numeral of term's width). A symbol, or a
  // narrow symbol widened by zero_extend (how the encodings keep ids), is
  // replaced; any other term stays an equality.
  void pin(const z3::expr& term, const z3::expr& value);
  void pin(const z3::expr& term, uint64_t value);

  // `query` with the pinned symbols replaced, simplified.
  z3::expr apply(const z3::expr& query) const;
  // Gives `model` (of the applied query) the values of the replaced symbols.
  void complete(z3::model& model) const;

 private:
  z3::context& c_;
  z3::expr_vector from_, to_, rest_;
};

}  // namespace warpsat
