// Playing a recorded motion (docs/opensim.md, "Viewing a model and a motion"): a model posed by an
// OpenSim motion (.mot, .sto) frame by frame, without dynamics, as the frames of a run (so that
// trajectory.csv, trajectory.json and viewer.html are written as for a simulation), and the
// bodies' kinematics in OpenSim's BodyKinematics layout.
#pragma once
#include <string>
#include <vector>

#include "articula/files/StorageTable.h"
#include "articula/model/LoadOptions.h"
#include "articula/run/RunModelFile.h"
#include "articula/run/SimulationRun.h"

namespace articula::run {

// Which model coordinate each column of a motion sets. A column matches coordinate C of joint J
// when its label is "J.C" (Articula's name), "C" (OpenSim's name; unique in the model), or
// "/jointset/J/C/value" (q) or ".../speed" (u; OpenSim 4's states files). Quaternion joints'
// coordinates are not set by columns.
struct MotionColumns {
  struct Column {
    size_t column = 0;         // in the table
    int mobod = 0, index = 0;  // the mobilized body and the coordinate's index in its q (and u)
    bool angular = false, speed = false;
  };
  std::vector<Column> columns;
  std::vector<std::string> missing;  // the model's coordinates ("J.C") no column sets: kept at their initial values
  std::vector<std::string> ignored;  // the labels matching no coordinate
};

// Throws Error naming `file` when no column matches, a label matches two coordinates, two columns
// set one value, or the table has fewer than two rows or times that do not increase.
MotionColumns matchMotionColumns(const model::ModelSpec& model, const model::BuiltModel& built,
                                 const files::StorageTable& motion, const std::string& file);

// One frame per row at the row's time: q from the columns (angles in degrees when the table says
// inDegrees, rotational coordinates only), the other coordinates at the model's initial state;
// q̇ by differences of q between rows (central inside, one-sided at the ends), u = N⁻¹ q̇ unless
// the table gives the speed; u̇ by the same differences of u; the bodies' accelerations from u̇
// (J u̇ + J̇ u). No forces: the frames' energies are KE and PE, the work 0.
RunResult playMotion(const model::ModelSpec& model, const model::BuiltModel& built, const files::StorageTable& motion,
                     const MotionColumns& columns);

// OpenSim's BodyKinematics positions (<trial>_BodyKinematics_pos_global.sto): per frame, ground
// then each body's mass centre in ground (<body>_X, _Y, _Z, m) and orientation as body-fixed
// X-Y-Z angles (_Ox, _Oy, _Oz, degrees), then the whole model's mass centre
// (center_of_mass_X, _Y, _Z). Written inDegrees=yes (OpenSim writes "no" with degrees).
files::StorageTable bodyKinematicsTable(const model::ModelSpec& model, const std::vector<Frame>& frames);

struct MotionRequest {
  std::string modelFile, motionFile;
  std::string outFolder;  // "": <motion file's stem>-motion in the working folder
  model::LoadOptions load;
  ViewerPageWriter viewerPage;                   // null: no viewer.html
  std::function<void(const std::string&)> warn;  // the model's warnings, the missing and ignored columns
};

struct MotionReport {
  std::string outFolder, bodyKinematicsFile;  // the file's name in the folder
  size_t frames = 0;
  MotionColumns columns;
};

// Loads and builds the model, reads the motion, plays it and writes the run folder: trajectory.csv
// (bodies, q, u, u̇), trajectory.json, viewer.html and <motion stem>_BodyKinematics_pos_global.sto.
// Throws RunError: BadInput (the model, the motion), Output (the folder).
MotionReport playMotionFile(const MotionRequest& request);

}  // namespace articula::run
