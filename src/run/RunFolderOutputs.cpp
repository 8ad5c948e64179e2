// The scenario's files in a run folder (see RunFolderOutputs.h).
#include "RunFolderOutputs.h"

#include "articula/run/DisplayGeometry.h"

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
      jsonWriter_ = std::make_unique<TrajectoryJsonWriter>(model, contact, *json_, displayGeometry(model, built));
      sinks_.push_back(jsonWriter_.get());
    }
    if (kind == model::OutputKind::ContactsCsv && contact && !contacts_) {
      contacts_ = &folder.add(model::nameOf(kind));
      contactsWriter_ = std::make_unique<ContactsCsvWriter>(model, contactSurfaceNames(built), *contacts_);
      sinks_.push_back(contactsWriter_.get());
    }
    if (kind == model::OutputKind::Summary) summary_ = true;
    if (kind == model::OutputKind::TrajectoryH5 && !h5Writer_) {
      OutputColumns columns(model, built);
      needsLoads_ = needsLoads_ || columns.needsLoads();
      h5Writer_ = std::make_unique<Hdf5Writer>(std::move(columns), model.name, folder.add(model::nameOf(kind)));
      sinks_.push_back(h5Writer_.get());
    }
    addSto(model, built, kind);
  }
}

void RunFolderOutputs::addSto(const model::ModelSpec& model, const model::BuiltModel& built, model::OutputKind kind) {
  using K = model::OutputKind;
  using G = model::ColumnGroup;
  const G group = kind == K::CoordinatesSto ? G::Coordinates : kind == K::SpeedsSto ? G::Speeds : G::GeneralizedForces;
  if ((kind != K::CoordinatesSto && kind != K::SpeedsSto && kind != K::ForcesSto) || folder_.find(model::nameOf(kind)))
    return;
  model::OutputSelection selection = model.scenario.columns;
  selection.groups = {group};
  OutputColumns columns(model, built, selection);
  needsLoads_ = needsLoads_ || columns.needsLoads();
  const std::string title = model.name + (group == G::Coordinates ? " coordinates"
                                          : group == G::Speeds    ? " speeds"
                                                                  : " generalized forces");
  stoWriters_.push_back(
      std::make_unique<StoWriter>(std::move(columns), group, title, folder_.add(model::nameOf(kind))));
  sinks_.push_back(stoWriters_.back().get());
}

void RunFolderOutputs::finish(const nlohmann::json& summary, const std::string& summaryText,
                              const ViewerPageWriter& viewerPage) {
  if (jsonWriter_) jsonWriter_->finish();
  for (const auto& sto : stoWriters_) sto->finish();
  if (h5Writer_) h5Writer_->finish();
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
