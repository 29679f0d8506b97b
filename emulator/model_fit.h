// Fits every machine parameter of a pipeline model (seed 001's or the async
// one) to whole-kernel times, as seed 001's Table 2 gives them: M, N, K,
// tile, stages and a measured time per row. Piece times (emulator/
// calibration.h) are rarely at hand; kernel times are what a profiler or a
// benchmark loop prints.
//
// The model is piecewise linear in its six parameters (load and compute
// throughput, load and compute latency, epilogue, init), with integer
// rounding, so the fit is a derivative-free search: Nelder–Mead on the
// parameters' logarithms, minimising the mean squared relative error (plus
// a faint pull towards the base machine, which keeps a parameter the data
// do not pin down near its base value), from the base machine and from
// random starts (a fixed seed: the same data gives the same machine). Each candidate is rounded to what a machine file
// holds (integer latencies, throughputs to 6 significant digits) before it
// is evaluated, so the errors reported are those of the machine written.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/model_validation.h"
#include "frontend/gemm_problem.h"
#include "frontend/machine.h"
#include "frontend/measurements.h"

namespace warpsat {

struct ModelFitOptions {
  GemmModel model = GemmModel::Seed001;
  unsigned starts = 12;              // the base machine, then random starts
  unsigned evaluations_per_start = 1500;
  uint64_t seed = 1;
  double unfit_row_error = 0.5;      // a row the fitted model misses by more is an input error
};

// How much the fit depends on one parameter: the mean |error| with the
// parameter 10% lower and 10% higher, the rest as fitted.
struct ParameterSensitivity {
  std::string name;
  double value = 0;  // as written
  double mean_abs_error_lower = 0, mean_abs_error_higher = 0;
};

struct ModelFit {
  Machine machine;             // the base machine with the six fitted values
  ModelValidation validation;  // the fitted machine against every row
  std::vector<ParameterSensitivity> sensitivity;
  double base_mean_abs_error = 0;  // the base machine's, for comparison
  // Parameters no row's prediction follows at the fit (only bounded by the
  // data; the faint pull kept them near the base machine's values).
  std::vector<std::string> unidentified;
  unsigned evaluations = 0;
};

// Throws InputError: fewer rows than parameters, a parameter no row's
// prediction depends on at the fit or at the base machine (naming it), rows
// the fitted model misses by more than options.unfit_row_error (naming their
// lines).
ModelFit fit_model(const KernelMeasurements& data, const Machine& base, const std::string& name,
                   const ModelFitOptions& options = {});

// F-fold cross-validation: row i is in fold i mod F; each fold's rows are
// predicted by a machine fitted to the other folds. Held-out errors only.
struct CrossValidation {
  unsigned folds = 0;
  std::vector<ValidationRow> held_out;  // in the file's row order
  std::vector<double> fold_mean_abs_error;
  double mean_abs_error = 0, max_abs_error = 0;
  size_t max_row = 0;  // index into held_out
  double in_sample_mean_abs_error = 0;  // the fit to every row, for comparison
};

CrossValidation cross_validate_model(const KernelMeasurements& data, const Machine& base, unsigned folds,
                                     const ModelFitOptions& options = {});

}  // namespace warpsat
