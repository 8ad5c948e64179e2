# Regenerates the catalog of malformed model files and catalog.json (expected message fragments).
import json, copy, os
out = os.path.dirname(os.path.abspath(__file__))
base = {
  "format": "articula-model", "version": 1, "name": "base",
  "bodies": [
    {"name": "upper", "mass": 1.0, "mass_center": [0, 0, -0.25], "inertia": {"moments": [0.02, 0.02, 0.001]},
     "joint": {"name": "shoulder", "type": "pin", "parent": "ground"}},
    {"name": "lower", "mass": 1.0, "mass_center": [0, 0, -0.25], "inertia": [0.02, 0.02, 0.001],
     "joint": {"name": "elbow", "type": "ball", "parent": "upper", "parent_frame": {"position": [0, 0, -0.5]}}}
  ],
  "scenario": {"duration": 0.1, "report_interval": 0.01}
}
cases = []
def case(name, fragment, mutate=None, text=None):
    cases.append((name, fragment, mutate, text))

def setp(path, value):
    def f(m):
        cur = m
        for k in path[:-1]: cur = cur[k]
        cur[path[-1]] = value
    return f
def delp(path):
    def f(m):
        cur = m
        for k in path[:-1]: cur = cur[k]
        del cur[path[-1]]
    return f

case("not_json", "not valid JSON at line 3", text='{\n  "format": "articula-model",\n  "version": 1,,\n}\n')
case("top_level_array", "must hold a JSON object", text='[1, 2, 3]\n')
case("no_format", "not a model file", delp(["format"]))
case("wrong_format", '/format = "something": expected "articula-model"', setp(["format"], "something"))
case("version_2", "/version = 2: unsupported version", setp(["version"], 2))
case("version_string", '/version = "1": expected an integer', setp(["version"], "1"))
case("unknown_top_key", '/bodys = ', setp(["bodys"], []))
case("no_bodies", 'missing required field "bodies"', delp(["bodies"]))
case("empty_bodies", "/bodies = []: a model needs at least one body", setp(["bodies"], []))
case("negative_mass", "/bodies/0/mass = -2: must be positive", setp(["bodies", 0, "mass"], -2))
case("zero_mass", "/bodies/1/mass = 0: must be positive", setp(["bodies", 1, "mass"], 0))
case("mass_string", '/bodies/0/mass = "1 kg": expected a number', setp(["bodies", 0, "mass"], "1 kg"))
case("missing_inertia", '/bodies/0: missing required field "inertia"', delp(["bodies", 0, "inertia"]))
case("inertia_triangle", "/bodies/0/inertia = 0.01, 0.01, 0.05: principal moments", setp(["bodies", 0, "inertia"], {"moments": [0.01, 0.01, 0.05]}))
case("inertia_not_pd", "/bodies/1/inertia = 0.02, 0.02, 0.02: not positive definite", setp(["bodies", 1, "inertia"], [0.02, 0.02, 0.02, 0.03, 0, 0]))
case("inertia_negative_moment", "/bodies/0/inertia = -0.01, 0.02, 0.02: not positive definite", setp(["bodies", 0, "inertia"], [-0.01, 0.02, 0.02]))
case("inertia_wrong_length", "/bodies/1/inertia = [0.02,0.02]: expected [Ixx, Iyy, Izz]", setp(["bodies", 1, "inertia"], [0.02, 0.02]))
case("mass_center_two_numbers", "/bodies/0/mass_center = [0,0]: expected 3 numbers, got 2", setp(["bodies", 0, "mass_center"], [0, 0]))
case("duplicate_body", '/bodies/1/name = "upper": duplicate body name', setp(["bodies", 1, "name"], "upper"))
case("body_named_ground", '/bodies/0/name = "ground": "ground" is reserved', setp(["bodies", 0, "name"], "ground"))
case("unknown_joint_type", '/bodies/0/joint/type = "hinge": unknown joint type', setp(["bodies", 0, "joint", "type"], "hinge"))
case("unknown_parent", '/bodies/1/joint/parent = "torso": no body of this name', setp(["bodies", 1, "joint", "parent"], "torso"))
case("joint_loop", "the joints form a loop", setp(["bodies", 0, "joint", "parent"], "lower"))
case("own_parent", "a body cannot be its own parent", setp(["bodies", 0, "joint", "parent"], "upper"))
case("duplicate_joint_name", '/bodies/1/joint/name = "shoulder": duplicate joint name', setp(["bodies", 1, "joint", "name"], "shoulder"))
case("zero_axis", "/bodies/0/joint/axis = [0,0,0]: axis must not be zero", setp(["bodies", 0, "joint", "axis"], [0, 0, 0]))
case("non_unit_axis", "/bodies/0/joint/axis = [0,2,0]: axis must be a unit vector", setp(["bodies", 0, "joint", "axis"], [0, 2, 0]))
case("axis_on_ball", '"axis" applies to pin, slider, screw and cylinder joints only', setp(["bodies", 1, "joint", "axis"], [0, 1, 0]))
case("screw_without_pitch", '/bodies/0/joint: missing required field "pitch"', setp(["bodies", 0, "joint", "type"], "screw"))
case("quaternion_not_unit", "/bodies/1/joint/parent_frame/orientation/quaternion = [1,1,0,0]: quaternion must have unit length",
     setp(["bodies", 1, "joint", "parent_frame", "orientation"], {"quaternion": [1, 1, 0, 0]}))
case("reflection_matrix", "determinant -1", setp(["bodies", 1, "joint", "child_frame"], {"orientation": {"matrix": [[1, 0, 0], [0, 1, 0], [0, 0, -1]]}}))
case("two_orientations", "give exactly one of quaternion, matrix", setp(["bodies", 1, "joint", "child_frame"], {"orientation": {"xyz_deg": [0, 0, 0], "quaternion": [1, 0, 0, 0]}}))
case("unknown_body_field", '/bodies/0/masss = 2: unknown field "masss"', setp(["bodies", 0, "masss"], 2))
case("geometry_bad_type", '/bodies/0/geometry/0/type = "cone": unknown geometry type', setp(["bodies", 0, "geometry"], [{"type": "cone", "radius": 0.1}]))
case("geometry_negative_radius", "/bodies/0/geometry/0/radius = -0.1: must be positive", setp(["bodies", 0, "geometry"], [{"type": "sphere", "radius": -0.1}]))
case("geometry_unknown_material", '/bodies/0/geometry/0/material = "steel": no contact material of this name', setp(["bodies", 0, "geometry"], [{"type": "sphere", "radius": 0.1, "material": "steel"}]))
case("color_out_of_range", "/bodies/0/color = [1.2,0,0]: colour components must be in 0..1", setp(["bodies", 0, "color"], [1.2, 0, 0]))
case("curve_not_increasing", "/bodies/0/geometry/0/force_curve/2 = [0.005,20]: penetrations must increase strictly",
     setp(["bodies", 0, "geometry"], [{"type": "sphere", "radius": 0.1, "force_curve": [[0, 0], [0.01, 10], [0.005, 20]]}]))
case("material_unknown_type", '/contact_materials/steel/type = "rigid": unknown contact material type', setp(["contact_materials"], {"steel": {"type": "rigid"}}))
case("material_bad_poisson", "poissonRatio = 0.7 must lie in (-1, 0.5)", setp(["contact_materials"], {"pad": {"type": "hertz", "youngs_modulus": 1e6, "poisson_ratio": 0.7}}))
case("material_bad_friction_order", "dynamicFriction = 0.5 must not exceed staticFriction", setp(["contact_materials"], {"pad": {"type": "hertz", "youngs_modulus": 1e6, "static_friction": 0.3, "dynamic_friction": 0.5}}))
case("contact_unknown_ground_material", '/contact/ground/material = "ice": no contact material of this name', setp(["contact"], {"ground": {"material": "ice"}}))
case("contact_exclude_unknown_body", '/contact/exclude/0/1 = "tail": no body of this name', setp(["contact"], {"exclude": [["upper", "tail"]]}))
case("unknown_force_type", '/forces/0/type = "spring": unknown force type', setp(["forces"], [{"type": "spring"}]))
case("force_unknown_body", '/forces/0/body = "foot": no body of this name', setp(["forces"], [{"type": "constant_force", "body": "foot", "force": [0, 0, 1]}]))
case("force_bad_coordinate", '/forces/0/coordinate = "theta": not a coordinate of body "upper"', setp(["forces"], [{"type": "mobility_linear_spring", "body": "upper", "coordinate": "theta", "stiffness": 1}]))
case("negative_stiffness", "/forces/0/stiffness = -5: must not be negative", setp(["forces"], [{"type": "mobility_linear_spring", "body": "upper", "coordinate": "angle", "stiffness": -5}]))
case("stop_bounds_swapped", "/forces/0 = {\"body\":\"upper\",\"coordinate\":\"angle\",\"lower_deg\":30,\"stif...: lower bound above upper bound", setp(["forces"], [{"type": "mobility_linear_stop", "body": "upper", "coordinate": "angle", "lower_deg": 30, "upper_deg": -30, "stiffness": 100}]))
case("force_missing_field", '/forces/0: missing required field "damping"', setp(["forces"], [{"type": "global_damper"}]))
case("torque_pulse_zero_duration", "/forces/0/duration = 0: must be positive", setp(["forces"], [{"type": "torque_pulse", "body": "upper", "mode": "mobility", "peak": [1], "start": 0, "duration": 0}]))
case("torque_pulse_peak_size", "/forces/0 = \"pulse\": peak needs 1 value", setp(["forces"], [{"type": "torque_pulse", "name": "pulse", "body": "upper", "mode": "mobility", "peak": [1, 2, 3], "start": 0, "duration": 0.1}]))
case("initial_unknown_joint", '/initial_state/q_deg/knee.angle = 10: no joint named "knee"', setp(["initial_state"], {"q_deg": {"knee.angle": 10}}))
case("initial_unknown_coordinate", '/initial_state/q/shoulder.x = 0.1: joint "shoulder" (pin) has no coordinate "x"', setp(["initial_state"], {"q": {"shoulder.x": 0.1}}))
case("initial_no_dot", '/initial_state/u/shoulder = 1: coordinate names are "joint.coordinate"', setp(["initial_state"], {"u": {"shoulder": 1}}))
case("scenario_negative_duration", "/scenario/duration = -1: must be positive", setp(["scenario", "duration"], -1))
case("scenario_unknown_integrator", '/scenario/integrator = "RK45": unknown integrator', setp(["scenario", "integrator"], "RK45"))
case("scenario_accuracy_too_big", "/scenario/accuracy = 5: accuracy is relative", setp(["scenario", "accuracy"], 5))
case("scenario_report_longer_than_run", "/scenario/report_interval = 1: report_interval 1 s exceeds the duration 0.1 s", setp(["scenario", "report_interval"], 1))
case("scenario_unknown_output", '/scenario/outputs/0 = "movie.gif": unknown output', setp(["scenario", "outputs"], ["movie.gif"]))
case("gravity_not_finite_string", '/gravity/2 = "down": expected a number, got string', setp(["gravity"], [0, 0, "down"]))

# Contact blocks and scenarios of several models (the contact subsystem and the "models" list).
def many(*fs):
    def f(m):
        for g in fs: g(m)
    return f
HERTZ = {"steel": {"type": "hertz", "youngs_modulus": 2e11}}
BLOCK = {"name": "block", "mass": 1.0, "inertia": [0.01, 0.01, 0.01], "joint": {"name": "free", "type": "free", "parent": "ground"},
         "geometry": [{"type": "ellipsoid", "semi_axes": [0.1, 0.1, 0.1], "material": "steel"}]}
# (Every shape pair in the format has a narrow phase since the GJK/EPA convex pairs, so no
# 'unsupported pair' case: ContactBuilder's check stays for shapes added later.)
case("contact_clique_unknown_body", '/contact/cliques/0/1 = "tail": no body of this name', setp(["contact"], {"cliques": [["upper", "tail"]]}))
case("contact_clique_single", '/contact/cliques/0 = ["upper"]: a clique lists at least two body names', setp(["contact"], {"cliques": [["upper"]]}))
case("contact_force_curve_with_hertz", '/bodies/0/geometry/0 = "sphere": force_curve needs a penalty material',
     many(setp(["contact_materials"], HERTZ), setp(["contact"], {}),
          setp(["bodies", 0, "geometry"], [{"type": "sphere", "radius": 0.1, "material": "steel", "force_curve": [[0, 0], [0.01, 100]]}])))
def mesh(**fields):
    g = {"type": "mesh", "file": "meshes/cube.obj", "scale": 0.1, "material": "steel"}
    g.update(fields)
    return many(setp(["contact_materials"], HERTZ), setp(["contact"], {"ground": {}}), setp(["bodies", 0, "geometry"], [g]))
case("mesh_missing_file", '/bodies/0/geometry/0/file = "no_such_mesh.obj": no such file', mesh(file="no_such_mesh.obj"))
case("mesh_unknown_extension", '/bodies/0/geometry/0/file = "../models/blows_up.json": unknown mesh file extension (.obj or .stl)',
     mesh(file="../models/blows_up.json"))
case("mesh_unreadable", '/bodies/0/geometry/0/file = "meshes/broken_mesh.obj": cannot read the mesh:', mesh(file="meshes/broken_mesh.obj"))
case("mesh_zero_scale", "/bodies/0/geometry/0/scale = [1,0,1]: scale factors must be positive", mesh(scale=[1, 0, 1]))
case("mesh_negative_scale", "/bodies/0/geometry/0/scale = -2: must be positive", mesh(scale=-2))
case("mesh_scale_on_box", "/bodies/0/geometry/0/scale = 2: not a size field of a box",
     setp(["bodies", 0, "geometry"], [{"type": "box", "half_lengths": [0.1, 0.1, 0.1], "scale": 2}]))
case("mesh_penalty_material", '/bodies/0/geometry/0/material = "soft": a mesh touches through the elastic foundation and needs a hertz material',
     many(mesh(material="soft"), setp(["contact_materials"], {"soft": {"type": "penalty", "force_curve": [[0, 0], [0.01, 100]]}})))
case("contact_self_contact_string", '/contact/self_contact = "yes": expected', setp(["contact"], {"self_contact": "yes"}))
case("models_missing_file", '/models/0/file = "no_such_model.json": no such file', setp(["models"], [{"file": "no_such_model.json"}]))
case("models_same_prefix_twice", 'body "block" exists already: give this model a different "prefix"',
     setp(["models"], [{"file": "../models/blows_up.json"}, {"file": "../models/blows_up.json"}]))
case("models_velocity_needs_free_root", '/models/0/velocity = [1,0,0]: "velocity" needs a free (quaternion) root joint',
     setp(["models"], [{"file": "../models/blows_up.json", "prefix": "s_", "velocity": [1, 0, 0]}]))
case("models_unknown_field", '/models/0/scale = 2', setp(["models"], [{"file": "../models/blows_up.json", "scale": 2}]))
case("models_unknown_material", '/models/0/material = "ice": no contact material of this name',
     setp(["models"], [{"file": "../models/blows_up.json", "prefix": "s_", "material": "ice"}]))

# constraints section and joint motion
def con(c): return setp(["constraints"], [c])
case("constraint_unknown_type", '/constraints/0/type = "hinge": unknown constraint type (known: rod, ball,', con({"type": "hinge"}))
case("constraint_unknown_body", '/constraints/0/body2 = "torso": no body of this name (nor "ground")', con({"type": "rod", "body1": "upper", "body2": "torso", "length": 0.5}))
case("constraint_missing_length", '/constraints/0: missing required field "length"', con({"type": "rod", "body1": "upper", "body2": "lower"}))
case("constraint_negative_length", "/constraints/0/length = -0.5: must be positive", con({"type": "rod", "body1": "upper", "body2": "lower", "length": -0.5}))
case("constraint_unknown_field", '/constraints/0/stations1 = [0,0,0]: unknown field "stations1" for a ball constraint', con({"type": "ball", "body1": "upper", "stations1": [0, 0, 0], "body2": "ground"}))
case("constraint_bad_coordinate", '/constraints/0/coordinate = "shoulder.x": joint "shoulder" (pin) has no speed "x" (angle)', con({"type": "constant_speed", "coordinate": "shoulder.x", "speed": 1}))
case("constraint_quaternion_coordinate", '/constraints/0/function/args/0 = "elbow.rx": joint "elbow"\'s orientation is a quaternion', con({"type": "coordinate_coupler", "function": {"type": "linear", "coefficients": [1, -1, 0], "args": ["elbow.rx", "shoulder.angle"]}}))
case("constraint_same_body", "a ball constraint needs two different bodies", con({"type": "ball", "body1": "upper", "body2": "upper"}))
case("constraint_time_function_args", '/constraints/0/function/args/0 = "shoulder.angle": a prescribed motion is a function of time', con({"type": "prescribed_motion", "coordinate": "shoulder.angle", "function": {"type": "sinusoid", "coefficients": [1, 1, 0, 0], "args": ["shoulder.angle"]}}))
case("constraint_angle_out_of_range", "/constraints/0/angle_deg = 190: the angle must lie strictly between 0 and 180 degrees", con({"type": "constant_angle", "body1": "upper", "axis1": [1, 0, 0], "body2": "ground", "axis2": [0, 0, 1], "angle_deg": 190}))
case("constraint_unreachable", "/constraints/0: cannot assemble the initial state: Assembler: Constraint 'tether' (Rod) still violated", con({"type": "rod", "name": "tether", "body1": "lower", "station1": [0, 0, -0.5], "body2": "ground", "station2": [0, 0, 5], "length": 0.1}))
case("motion_wrong_count", "/bodies/1/joint/motion/functions = [{\"args\":[\"t\"],\"coefficients\":[1],\"type\":\"constant\"}]: needs one function of time per mobility of the ball joint (3)", setp(["bodies", 1, "joint", "motion"], {"level": "velocity", "functions": [{"type": "constant", "coefficients": [1], "args": ["t"]}]}))
case("hold_unknown_coordinate", '/initial_state/hold/0 = "knee.angle": no joint named "knee"', setp(["initial_state"], {"hold": ["knee.angle"]}))

# Issue 19: hostile input that once crashed, wrapped around or silently became another model.
I4 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
def openmbd(mass=2.0, inertia=(0.1, 0.1, 0.05, 0, 0, 0), loop=False):
    bodies = {"Pelvis": {"mass": 10.0, "inertia": [0.1, 0.1, 0.05, 0, 0, 0], "center_of_mass": [0, 0, 0]},
              "Abdomen": {"mass": mass, "inertia": list(inertia), "center_of_mass": [0, 0, 0.1]}}
    joints = [{"name": "root", "type": "free", "parent": "GROUND", "child": "Pelvis", "T1": I4, "T2": I4},
              {"name": "lowerback", "type": "spherical", "parent": "Pelvis", "child": "Abdomen", "T1": I4, "T2": I4}]
    if loop:
        joints[0] = {"name": "tilt", "type": "spherical", "parent": "Abdomen", "child": "Pelvis", "T1": I4, "T2": I4}
    return json.dumps({"name": "hostile", "bodies": bodies, "joints": joints}, indent=1) + "\n"
def raw(mutate_text):
    m = copy.deepcopy(base)
    return mutate_text(json.dumps(m, indent=1)) + "\n"
case("version_wraps", "/version = 4294967297: integer out of range", setp(["version"], 4294967297))
case("joint_distance_wraps", "/contact/excluded_joint_distance = 4294967295: integer out of range",
     setp(["contact"], {"excluded_joint_distance": 4294967295}))
case("colour_signed_hex", '/bodies/0/color = "#-1-1-1": colour must be "#rrggbb" (six hexadecimal digits)', setp(["bodies", 0, "color"], "#-1-1-1"))
case("duplicate_key", 'duplicate key "mass"', text=raw(lambda t: t.replace('"mass": 1.0,', '"mass": 1.0, "mass": 2.0,', 1)))
case("nul_in_name", "/bodies/0/name: a string must not hold a NUL character", text=raw(lambda t: t.replace('"upper"', '"up\\u0000per"', 1)))
case("nul_after_document", "not valid JSON at line 59, column 1: a NUL byte in the file", text=raw(lambda t: t + "\n\0{}"))
case("number_overflow", "/bodies/0/mass: not valid JSON at line 8, column 16: number 1e999 is out of range",
     text=raw(lambda t: t.replace('"mass": 1.0', '"mass": 1e999', 1)))
case("description_not_text", '/description = [["\u00e9\u00e9"]]: expected a string', setp(["description"], [["\u00e9\u00e9"]]))
case("mesh_outside_folder", '/bodies/0/geometry/0/file = "../outside.obj": outside the model file\'s folder',
     setp(["bodies", 0, "geometry"], [{"type": "mesh", "file": "../outside.obj"}]))
case("mesh_absolute_path", '/bodies/0/geometry/0/file = "/etc/hostname.stl": outside the model file\'s folder',
     setp(["bodies", 0, "geometry"], [{"type": "mesh", "file": "/etc/hostname.stl"}]))
case("openmbd_negative_mass", "/bodies/Abdomen/mass = -15.3: must be positive", text=openmbd(mass=-15.3))
case("openmbd_five_inertia_values", "/bodies/Abdomen/inertia = [0.1,0.1,0.05,0,0]: expected 6 values", text=openmbd(inertia=(0.1, 0.1, 0.05, 0, 0)))
case("openmbd_loop", '/joints/0/parent = "Abdomen": the joints form a loop', text=openmbd(loop=True))
case("openmbd_inertia_by_name", "/bodies/Abdomen/inertia = 0.1, 0.1, 0.5: principal moments", text=openmbd(inertia=(0.1, 0.1, 0.5, 0, 0, 0)))
# scenario limits (src/io/ScenarioLimits.cpp): settings that could not finish, refused before simulating
def scen(**kv):
    def f(m):
        m["scenario"].update(kv)
    return f
case("scenario_step_below_resolution", "/scenario/fixed_step = 1e-300: fixed step 1e-300 s is below the time's resolution over the duration 0.1 s",
     scen(integrator="ExplicitEuler", fixed_step=1e-300))
case("scenario_more_steps_than_the_limit", "/scenario/fixed_step = 1e-09: the duration 0.1 s needs 100000000 fixed steps of 1e-09 s, more than the step limit 1000000",
     scen(integrator="ExplicitEuler", fixed_step=1e-9, max_steps=1000000))
case("scenario_more_steps_than_the_default_limit", "/scenario/fixed_step = 1e-10: the duration 0.1 s needs 1000000000 fixed steps of 1e-10 s, more than the step limit 100000000",
     scen(integrator="ExplicitEuler", fixed_step=1e-10))
case("scenario_duration_1e308", "/scenario/duration = 1e+308: more than 10 million report times", many(delp(["scenario", "report_interval"]), scen(duration=1e308)))
case("scenario_accuracy_denormal", "/scenario/accuracy = 5e-324: accuracy is relative: must be at least 1e-14 and below 1", scen(accuracy=5e-324))
case("scenario_max_steps_zero", "/scenario/max_steps = 0: must be a whole number from 1 to 1e+15", scen(max_steps=0))
case("scenario_max_steps_fraction", "/scenario/max_steps = 2.5: must be a whole number from 1 to 1e+15", scen(max_steps=2.5))
case("scenario_max_steps_string", '/scenario/max_steps = "many": expected a number', scen(max_steps="many"))

import shutil
for f in os.listdir(out):
    if f.endswith(".json"): os.remove(os.path.join(out, f))
catalog = {}
for i, (name, frag, mutate, text) in enumerate(cases):
    fname = f"{i+1:02d}_{name}.json"
    if text is None:
        m = copy.deepcopy(base)
        mutate(m)
        text = json.dumps(m, indent=1) + "\n"
    open(os.path.join(out, fname), 'w').write(text)
    catalog[fname] = {"message": frag, "exit": 2}
json.dump(catalog, open(os.path.join(out, "catalog.json"), 'w'), indent=1, sort_keys=True)
print(len(cases))
