// The scenario's files in a run folder (see RunFolderOutputs.h).
#include "RunFolderOutputs.h"

namespace articula::run {

RunFolderOutputs::RunFolderOutputs(const model::ModelSpec& model, const model::BuiltModel& built,
                                   RunFolderWriter& folder)
    : folder_(folder) {
  const bool contact = built.contact != nullptr;
  for (const model::OutputKind kind : model.scenario.outputs) {
    if (kind == model::OutputKind::TrajectoryCsv && !csv_) {
      csv_ = &folder.add(model::nameOf(kind));
      OutputColumns columns(model, built);
      needsLoads_ = needsLoads_ || columns.needsLoads();
      csvWriter_ = std::make_unique<TrajectoryCsvWriter>(std::move(columns), *csv_);
      sinks_.push_back(csvWriter_.get());
    }
    if (kind == model::OutputKind::TrajectoryJson && !json_) {
      json_ = &folder.add(model::nameOf(kind));
      jsonWriter_ = std::make_unique<TrajectoryJsonWriter>(model, contact, *json_);
      sinks_.push_back(jsonWriter_.get());
    }
    if (kind == model::OutputKind::ContactsCsv && contact && !contacts_) {
      contacts_ = &folder.add(model::nameOf(kind));
      contactsWriter_ = std::make_unique<ContactsCsvWriter>(model, contactSurfaceNames(built), *contacts_);
      sinks_.push_back(contactsWriter_.get());
    }
    if (kind == model::OutputKind::Summary) summary_ = true;
  }
}

void RunFolderOutputs::finish(const nlohmann::json& summary, const std::string& summaryText,
                              const ViewerPageWriter& viewerPage) {
  if (jsonWriter_) jsonWriter_->finish();
  if (summary_) {
    folder_.add("summary.json").append(summary.dump(2) + "\n");
    folder_.add("summary.txt").append(summaryText);
  }
  if (!viewerPage || !json_) return;
  const files::TextSource trajectory = [&](const auto& piece) { json_->read(piece); };
  const files::TextSource csv = [&](const auto& piece) { csv_->read(piece); };
  viewerPage(folder_.add("viewer.html"), trajectory, csv_ ? &csv : nullptr, summary_ ? summary.dump() : "");
}

}  // namespace articula::run
