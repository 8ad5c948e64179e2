// RunFolderOutputs: the files a scenario asks for in a run folder, opened before the run so that
// the frames stream into them (their writers are the run's FrameSinks), and finished after it.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "articula/run/Hdf5Writer.h"
#include "articula/run/RunModelFile.h"
#include "articula/run/RunOutputs.h"
#include "articula/run/StoWriter.h"

namespace articula::run {

class RunFolderOutputs {
 public:
  // Adds the scenario's per-frame files to `folder` (contacts.csv only for a model with contact).
  RunFolderOutputs(const model::ModelSpec& model, const model::BuiltModel& built, RunFolderWriter& folder);
  const std::vector<FrameSink*>& sinks() const { return sinks_; }
  bool needsLoads() const { return needsLoads_; }  // the frames must carry JointLoads
  // Closes trajectory.json, adds summary.json / summary.txt when asked for, and viewer.html when
  // `viewerPage` is given and there is a trajectory.json.
  void finish(const nlohmann::json& summary, const std::string& summaryText, const ViewerPageWriter& viewerPage);

 private:
  void addSto(const model::ModelSpec& model, const model::BuiltModel& built, model::OutputKind kind);
  RunFolderWriter& folder_;
  files::TextOutput *csv_ = nullptr, *json_ = nullptr, *contacts_ = nullptr;
  std::unique_ptr<TrajectoryCsvWriter> csvWriter_;
  std::unique_ptr<TrajectoryJsonWriter> jsonWriter_;
  std::unique_ptr<ContactsCsvWriter> contactsWriter_;
  std::vector<std::unique_ptr<StoWriter>> stoWriters_;
  std::unique_ptr<Hdf5Writer> h5Writer_;
  bool summary_ = false, needsLoads_ = false;
  std::vector<FrameSink*> sinks_;
};

}  // namespace articula::run
