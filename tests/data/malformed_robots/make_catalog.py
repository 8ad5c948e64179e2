# Regenerates the catalog of malformed URDF and MJCF files and catalog.json: for each file the line,
# the element and a fragment of the message that `articula` must print (exit code 2).
# The defective line of each case is marked "@@" in its text below; the marker is removed on writing.
import json, os

out = os.path.dirname(os.path.abspath(__file__))
cases = []


def case(name, element, message, text):
    cases.append((name, element, message, text))


def link(name, mass="1", inertia='ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"'):
    return (f'  <link name="{name}">\n    <inertial>\n      <mass value="{mass}"/>\n'
            f'      <inertia {inertia}/>\n    </inertial>\n  </link>\n')


def joint(name, kind, parent, child, inner=""):
    return (f'  <joint name="{name}" type="{kind}">\n    <parent link="{parent}"/>\n'
            f'    <child link="{child}"/>\n{inner}  </joint>\n')


def robot(body):
    return '<?xml version="1.0"?>\n<robot name="arm">\n  <link name="base"/>\n' + body + '</robot>\n'


arm = link("upper") + link("lower")
# ---- URDF ----
case("urdf_not_well_formed.urdf", "<inertial>", "not well-formed XML: its end tag",
     robot(link("upper").replace("<inertial>", "<inertial>@@").replace("</inertial>", "</inertia>")))
case("urdf_root_not_robot.urdf", '<model name="arm">', "root element must be <robot>",
     '<?xml version="1.0"?>\n<model name="arm">@@\n</model>\n')
case("urdf_two_roots.urdf", '<link name="lower">', "second root",
     robot(link("upper") + link("lower").replace("<link", "<link@@", 1) + joint("shoulder", "revolute", "base", "upper")))
case("urdf_cycle.urdf", '<joint name="back">', "already has a parent joint",
     robot(arm + joint("shoulder", "revolute", "base", "upper") + joint("elbow", "revolute", "upper", "lower")
           + joint("back", "revolute", "lower", "upper").replace("<child", "<child@@")))
case("urdf_unknown_parent.urdf", '<joint name="elbow">', "no such link",
     robot(arm + joint("shoulder", "revolute", "base", "upper")
           + joint("elbow", "revolute", "forearm", "lower").replace("<parent", "<parent@@")))
case("urdf_massless_moving_leaf.urdf", '<joint name="wrist">', "without mass",
     robot(arm + '  <link name="tool"/>\n' + joint("shoulder", "revolute", "base", "upper")
           + joint("elbow", "revolute", "upper", "lower")
           + joint("wrist", "revolute", "lower", "tool").replace("<joint", "<joint@@", 1)))
case("urdf_inertia_indefinite.urdf", "<inertia>", "not positive definite",
     robot(link("upper", inertia='ixx="0.01" iyy="-0.01" izz="0.01" ixy="0" ixz="0" iyz="0"').replace("<inertia ", "<inertia@@ ")
           + joint("shoulder", "revolute", "base", "upper")))
case("urdf_inertia_triangle.urdf", "<inertia>", "triangle inequality",
     robot(link("upper", inertia='ixx="0.01" iyy="0.01" izz="0.05" ixy="0" ixz="0" iyz="0"').replace("<inertia ", "<inertia@@ ")
           + joint("shoulder", "revolute", "base", "upper")))
case("urdf_negative_mass.urdf", "<mass>", "must not be negative",
     robot(link("upper", mass="-1.5").replace("<mass", "<mass@@") + joint("shoulder", "fixed", "base", "upper")))
case("urdf_mass_not_a_number.urdf", "<mass>", "is not a finite number",
     robot(link("upper", mass="1.2kg").replace("<mass", "<mass@@") + joint("shoulder", "revolute", "base", "upper")))
case("urdf_inertia_nan.urdf", "<inertia>", "is not a finite number",
     robot(link("upper", inertia='ixx="nan" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"').replace("<inertia ", "<inertia@@ ")
           + joint("shoulder", "revolute", "base", "upper")))
case("urdf_unknown_joint_type.urdf", '<joint name="shoulder"> type = spherical', "unknown joint type",
     robot(link("upper") + joint("shoulder", "spherical", "base", "upper").replace("<joint", "<joint@@", 1)))
case("urdf_zero_axis.urdf", "<axis> xyz = 0 0 0", "must not be zero",
     robot(link("upper") + joint("shoulder", "revolute", "base", "upper", '    <axis xyz="0 0 0"/>@@\n')))
case("urdf_origin_two_numbers.urdf", "<origin> xyz", "expected 3 numbers",
     robot(link("upper") + joint("shoulder", "revolute", "base", "upper", '    <origin xyz="0 0.1"/>@@\n')))
case("urdf_limit_reversed.urdf", "<limit>", "lower",
     robot(link("upper") + joint("shoulder", "revolute", "base", "upper",
                                 '    <limit lower="1.0" upper="-1.0" effort="10" velocity="1"/>@@\n')))
case("urdf_mimic_unknown.urdf", "<mimic> joint = wrist", "no such joint",
     robot(arm + joint("shoulder", "revolute", "base", "upper")
           + joint("elbow", "revolute", "upper", "lower", '    <mimic joint="wrist" multiplier="2"/>@@\n')))
case("urdf_duplicate_link.urdf", '<link name="upper">', "duplicate link name",
     robot(link("upper") + link("upper").replace("<link", "<link@@", 1) + joint("shoulder", "revolute", "base", "upper")))
case("urdf_joint_without_name.urdf", "<joint>", 'missing attribute "name"',
     robot(link("upper") + '  <joint type="fixed">@@\n    <parent link="base"/>\n    <child link="upper"/>\n  </joint>\n'))

# ---- MJCF ----
def mujoco(world, head=""):
    return ('<mujoco model="arm">\n' + head + '  <worldbody>\n' + world + '  </worldbody>\n</mujoco>\n')


geom = '<geom type="capsule" size="0.04" fromto="0 0 0 0 0 -0.3"/>'
case("mjcf_not_well_formed.xml", "<body>", "not well-formed XML: its end tag",
     mujoco('    <body name="upper">@@\n      <joint type="hinge"/>\n'))
case("mjcf_unknown_joint_type.xml", '<joint name="shoulder"> type = screw', "unknown joint type",
     mujoco(f'    <body name="upper">\n      <joint name="shoulder" type="screw"/>@@\n      {geom}\n    </body>\n'))
case("mjcf_unknown_class.xml", "<joint> class = stiff", "no <default> class",
     mujoco(f'    <body name="upper">\n      <joint class="stiff"/>@@\n      {geom}\n    </body>\n'))
case("mjcf_missing_include.xml", "<include> file = parts/arm.xml", "no such file",
     mujoco("", '  <include file="parts/arm.xml"/>@@\n'))
case("mjcf_inertia_indefinite.xml", "<inertial>", "not positive definite",
     mujoco('    <body name="upper">\n      <joint/>\n'
            '      <inertial pos="0 0 -0.15" mass="1" diaginertia="0.01 -0.01 0.01"/>@@\n    </body>\n'))
case("mjcf_massless_moving_body.xml", '<body name="hand">', "without mass",
     mujoco(f'    <body name="upper">\n      <joint/>\n      {geom}\n'
            '      <body name="hand" pos="0 0 -0.3">@@\n        <joint/>\n      </body>\n    </body>\n'))
case("mjcf_pos_not_a_number.xml", '<body name="upper"> pos', "is not a finite number",
     mujoco(f'    <body name="upper" pos="0 0 one">@@\n      <joint/>\n      {geom}\n    </body>\n'))
case("mjcf_quat_three_numbers.xml", "quat", "expected 4 numbers",
     mujoco(f'    <body name="upper" quat="1 0 0">@@\n      <joint/>\n      {geom}\n    </body>\n'))
case("mjcf_two_orientations.xml", '<body name="upper">', "more than one orientation",
     mujoco(f'    <body name="upper" quat="1 0 0 0" euler="0 90 0">@@\n      <joint/>\n      {geom}\n    </body>\n'))
case("mjcf_zero_axis.xml", "axis", "must not be zero",
     mujoco(f'    <body name="upper">\n      <joint axis="0 0 0"/>@@\n      {geom}\n    </body>\n'))
case("mjcf_range_not_limited.xml", "range = -1 1", "limited",
     mujoco(f'    <body name="upper">\n      <joint range="-1 1"/>@@\n      {geom}\n    </body>\n'))
case("mjcf_unknown_geom_type.xml", "type = hfield", "",
     mujoco('    <body name="upper">\n      <joint/>\n      <geom type="hfield"/>@@\n    </body>\n'))
case("mjcf_box_zero_size.xml", "size", "positive",
     mujoco('    <body name="upper">\n      <joint/>\n      <geom type="box" size="0.1 0 0.1"/>@@\n    </body>\n'))
case("mjcf_connect_unknown_body.xml", "<connect> body1 = forearm", "no body of this name",
     mujoco(f'    <body name="upper">\n      <joint/>\n      {geom}\n    </body>\n')
     .replace("</mujoco>", '  <equality>\n    <connect body1="forearm" anchor="0 0 0"/>@@\n  </equality>\n</mujoco>'))
case("mjcf_joint_coupling_nonlinear.xml", "polycoef", "only the linear part",
     mujoco(f'    <body name="upper">\n      <joint name="shoulder"/>\n      {geom}\n'
            f'      <body name="lower" pos="0 0 -0.3">\n        <joint name="elbow"/>\n        {geom}\n      </body>\n    </body>\n')
     .replace("</mujoco>", '  <equality>\n    <joint joint1="elbow" joint2="shoulder" polycoef="0 1 0.5 0 0"/>@@\n  </equality>\n</mujoco>'))
case("mjcf_duplicate_body.xml", '<body name="upper">', "a second body",
     mujoco(f'    <body name="upper">\n      <joint/>\n      {geom}\n    </body>\n'
            f'    <body name="upper">@@\n      <joint/>\n      {geom}\n    </body>\n'))
case("mjcf_free_joint_not_on_world.xml", "<freejoint>", "parent is the world",
     mujoco(f'    <body name="upper">\n      {geom}\n      <body name="lower">\n        <freejoint/>@@\n'
            f'        {geom}\n      </body>\n    </body>\n'))
case("mjcf_angle_unit.xml", "<compiler> angle = grad", "",
     mujoco(f'    <body name="upper">\n      <joint/>\n      {geom}\n    </body>\n', '  <compiler angle="grad"/>@@\n'))

catalog = {}
for name, element, message, text in cases:
    lines = text.split("\n")
    marked = [i + 1 for i, l in enumerate(lines) if "@@" in l]
    assert len(marked) == 1, name
    with open(os.path.join(out, name), "w") as f:
        f.write(text.replace("@@", ""))
    catalog[name] = {"line": marked[0], "element": element, "message": message, "exit": 2}
with open(os.path.join(out, "catalog.json"), "w") as f:
    json.dump(catalog, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(cases), "files")
