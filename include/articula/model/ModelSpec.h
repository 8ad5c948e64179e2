// ModelSpec: an Articula model as plain data, exactly what a model file says (docs/model-format.md).
// Readers (Articula JSON, OpenMBD import) fill it, the writer saves it, buildModel() turns it into a
// MultibodySystem. Values are SI and radians: readers convert fields given in degrees.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "articula/contact/TriangleMesh.h"
#include "articula/math/Transform.h"
#include "articula/model/ConstraintSpec.h"
#include "articula/model/ContactMaterialType.h"
#include "articula/model/EventSpec.h"
#include "articula/model/ForceType.h"
#include "articula/model/FunctionType.h"
#include "articula/model/GeometryType.h"
#include "articula/model/IntegratorMethodNames.h"
#include "articula/model/JointType.h"
#include "articula/model/OutputKind.h"
#include "articula/model/OutputSelection.h"
#include "articula/model/SourceFormat.h"

namespace articula::model {

// A frame fixed on a body: X_BF.
struct FrameSpec {
  Vec3 position = Vec3::Zero();
  Quaternion orientation;  // scalar first
  Transform transform() const { return Transform(orientation.toRotation(), position); }
};

// A scalar function of the joint's coordinates (function-based mobilizers).
struct FunctionSpec {
  FunctionType type = FunctionType::Constant;
  std::vector<Real> coefficients;  // constant: [c]; linear: slopes then intercept; polynomial: c0, c1, ...
                                   // sinusoid: amplitude, frequency, phase, offset; smooth_step: x0, x1, y0, y1
  std::vector<Real> x, y;          // spline knots
  std::vector<std::string> args;   // coordinate names of the joint, in argument order
  int degree = 3;                  // natural_spline: 1, 3, 5 or 7
};

struct FunctionBasedSpec {
  std::vector<std::string> coordinates;  // names, in q order
  std::vector<bool> angular;             // per coordinate: whether degrees apply
  std::array<Vec3, 3> rotationAxes{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
  std::array<std::optional<FunctionSpec>, 3> rotations;
  std::array<Vec3, 3> translationAxes{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
  std::array<std::optional<FunctionSpec>, 3> translations;
};

struct JointSpec {
  std::string name;  // defaults to the body's name
  JointType type = JointType::Weld;
  std::string parent;                 // a body name or "ground"
  FrameSpec parentFrame, childFrame;  // X_PF on the parent, X_BM on the child
  bool euler = false;                 // ball/free: Euler-angle coordinates instead of a quaternion
  bool reverse = false;
  Real pitch = 0;                  // screw, m/rad
  Vec3 semiAxes = Vec3::Zero();    // ellipsoid joint
  FunctionBasedSpec functions;     // function_based
  std::vector<MotionSpec> motion;  // 0 or 1: prescribed motion of the joint's mobilities
  std::string source;              // where the file states it, for messages: "/bodies/3/joint", "/joints/5"
};

struct GeometrySpec {
  std::string name;
  GeometryType type = GeometryType::Sphere;
  Vec3 size = Vec3::Zero();  // sphere: [r,0,0]; ellipsoid: semi-axes; box: half-lengths;
                             // cylinder/capsule: [radius, half-length, 0], axis along z;
                             // mesh: the scale factors along x, y, z of the file's vertices
  // mesh only: the file as written (relative to the model file's folder; after a "models" include,
  // relative to the including file's folder), the mesh read from it with the scale applied (in the
  // geometry frame), and the elastic-foundation layer thickness (m; 0 = the contact layer's default).
  std::string meshFile;
  std::string meshPath;  // the file as found when read (meshFile joined to the model's folder)
  std::shared_ptr<const TriangleMesh> mesh;
  Real layerThickness = 0;
  FrameSpec pose;                                            // in the body frame
  std::optional<Vec3> color;                                 // RGB 0..1; the body's colour when absent
  std::string material;                                      // contact material name ("" = no contact)
  std::vector<std::array<Real, 2>> forceCurve, unloadCurve;  // optional per-geometry curves (OpenMBD)
};

struct BodySpec {
  std::string name;
  Real mass = 0;
  Vec3 massCenter = Vec3::Zero();  // p_BC, m
  Mat33 inertia = Mat33::Zero();   // about the mass centre, in B
  std::optional<Vec3> color;
  JointSpec joint;
  std::vector<GeometrySpec> geometry;
  std::string source;  // where the file states it, for messages: "/bodies/3", OpenMBD's "/bodies/Abdomen"
};

// A force element: its type and its fields as given (numbers in SI/radians after reading).
struct ForceSpec {
  ForceType type = ForceType::ConstantForce;
  std::string name;
  std::map<std::string, std::string> bodies;         // role (body, body1, body2) -> body name
  std::optional<std::string> coordinate;             // a coordinate of the body's joint (mobility forces, limits)
  std::optional<CoordinateAxis> twistAxis;           // range_of_motion_limit of an orientation
  std::optional<TorquePulseMode> mode;               // torque_pulse
  std::map<std::string, std::vector<Real>> numbers;  // every numeric field, scalars as size 1
  std::map<std::string, Real> bodyDamping;           // passive_joint_damping per-body overrides
  std::optional<FunctionSpec> function;              // of time: joint_actuator's "function", pd_servo's "target"
  std::vector<std::string> joints;                   // muscle_tone: joint names (empty: every non-root joint)
};

struct ContactMaterialSpec {
  std::string name;
  ContactMaterialType type = ContactMaterialType::Hertz;
  std::map<std::string, Real> parameters;
  std::vector<std::array<Real, 2>> forceCurve, unloadCurve;
};

// The "contact" block: which geometry touches what (docs/model-format.md, "Contact").
struct ContactSpec {
  bool enabled = false;               // the block is present
  bool ground = false;                // a half-space floor on Ground
  Real groundHeight = 0;              // m along groundNormal
  Vec3 groundNormal = Vec3::UnitZ();  // outward (up), unit
  std::string groundMaterial;         // "" = the contact layer's ContactMaterial::ground()
  bool selfContact = true;            // false: a model's shapes touch only the ground
  int excludedJointDistance = 1;      // pairs of bodies this close in the tree never touch
  std::vector<std::array<std::string, 2>> excludedBodyPairs;
  std::vector<std::vector<std::string>> cliques;       // body groups whose shapes never touch each other
  std::optional<Real> transitionSpeed, recoverySpeed;  // m/s; library defaults when absent
};

// A marker: a named point fixed on a body (OpenSim's MarkerSet; motion-capture targets).
struct MarkerSpec {
  std::string name;
  std::string body;              // a body name or "ground"
  Vec3 location = Vec3::Zero();  // in the body frame, m
};

// A point of a muscle's path (OpenSim's PathPoint, ConditionalPathPoint, MovingPathPoint).
enum class PathPointKind { Fixed, Conditional, Moving };

struct PathPointSpec {
  PathPointKind kind = PathPointKind::Fixed;
  std::string name;
  std::string body;              // a body name or "ground"
  Vec3 location = Vec3::Zero();  // fixed, conditional: in the body frame, m
  std::string coordinate;        // conditional: "joint.coordinate" whose value switches the point on
  Real lower = 0, upper = 0;     // conditional: the point is on the path for lower <= q <= upper
  // moving: x, y, z in the body frame, each a function of one coordinate (args: {"joint.coordinate"})
  std::array<FunctionSpec, 3> moving;
};

// A muscle's path: musculotendon length, lengthening speed and moment arms (MusclePaths.h).
struct MuscleSpec {
  std::string name;
  std::string type;  // the source's class, e.g. "Thelen2003Muscle" (its dynamics are not simulated)
  std::vector<PathPointSpec> path;
};

struct InitialStateSpec {
  std::map<std::string, Real> q, u;  // "joint.coordinate" -> value (SI, radians)
  std::vector<std::string> hold;     // coordinates the constraint assembly must not move
  bool degrees = false;              // the file gave coordinates in degrees (q_deg / u_deg): outputs follow
};

// The step limit when a scenario gives none: a 10^8-step run takes hours (the shipped models need
// at most about 10^5), so hitting it means a setting was wrong, not that the model needs more.
inline constexpr int64_t kDefaultMaxSteps = 100'000'000;

struct ScenarioSpec {
  Real duration = 1.0;
  IntegratorMethod integrator = IntegratorMethod::RungeKuttaMerson;
  Real accuracy = 1e-3;
  Real fixedStep = 0;  // > 0: fixed-step mode with this step
  Real reportInterval = 1e-3;
  int64_t maxSteps = kDefaultMaxSteps;  // attempted steps (accepted and rejected) before the run fails
  std::vector<OutputKind> outputs{OutputKind::TrajectoryCsv, OutputKind::ContactsCsv, OutputKind::Summary,
                                  OutputKind::TrajectoryJson};  // contacts.csv: with contact only
  OutputSelection columns;  // what the per-frame files hold ("outputs" as an object)
  // The body whose mass-centre acceleration gives the head's peak and HIC15 in the summary.
  // "": not named (files from before the field: the first body whose name contains "head").
  std::string headBody;
  std::vector<EventSpec> events;  // in the file's order (docs/model-format.md, "Events")
};

struct ModelSpec {
  std::string name, description;
  Vec3 gravity{0, 0, -9.81};
  std::vector<BodySpec> bodies;
  std::vector<ForceSpec> forces;
  std::vector<ConstraintSpec> constraints;
  std::vector<ContactMaterialSpec> contactMaterials;
  std::vector<MarkerSpec> markers;  // in the file's order, names unique
  std::vector<MuscleSpec> muscles;  // paths only (geometry: MusclePaths.h), in the file's order
  ContactSpec contact;
  InitialStateSpec initialState;
  ScenarioSpec scenario;
  SourceFormat sourceFormat = SourceFormat::Articula;
  std::vector<std::string> warnings;  // from reading and importing

  int findBody(const std::string& name) const;  // index in bodies, -1 if absent
};

}  // namespace articula::model
