"""Model files from Python: load, validate, info, names, errors with the command's messages."""
import json
import subprocess

import pytest

import articula


def test_load_and_names(pendulum):
    assert pendulum.name == "double pendulum"
    assert pendulum.body_names == ["upper", "lower"]
    assert pendulum.q_names == ["shoulder.angle", "elbow.angle"]
    assert pendulum.u_names == ["shoulder.angle", "elbow.angle"]
    assert pendulum.scenario["integrator"] == "RungeKuttaMerson"
    assert pendulum.matter.nu == 2
    s = pendulum.initial_state()
    assert s.q[0] == pytest.approx(1.5707963267948966)  # 90 degrees in the file


def test_quaternion_joints_are_named(models):
    m = articula.load(str(models / "spinning_top.json"))
    assert any(n.endswith(".qw") for n in m.q_names)
    assert len(m.q_names) == m.matter.nq and len(m.u_names) == m.matter.nu
    assert all(m.q_names) and all(m.u_names)


def test_info_is_what_the_command_prints(pendulum, models, command):
    path = str(models / "double_pendulum.json")
    printed = subprocess.run([command, "info", path], capture_output=True, text=True, check=True).stdout
    assert pendulum.info() == printed


def test_validate_counts(models):
    c = articula.validate(str(models / "four_bar.json"))
    assert c["bodies"] >= 3 and c["constraints"] >= 1 and c["constraint_equations"] > 0


@pytest.fixture
def bad_model(tmp_path, models):
    doc = json.loads((models / "double_pendulum.json").read_text())
    doc["bodies"][1]["mass"] = -2
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    return path


def test_model_error_has_the_commands_message(bad_model, command):
    with pytest.raises(articula.ModelError) as caught:
        articula.validate(str(bad_model))
    e = caught.value
    assert isinstance(e, ValueError) and isinstance(e, articula.Error)
    assert e.path == "/bodies/1/mass" and e.value == "-2" and e.file == str(bad_model)
    printed = subprocess.run([command, "validate", str(bad_model)], capture_output=True, text=True)
    assert printed.returncode != 0
    assert printed.stderr.strip() == "error: " + str(e)
    with pytest.raises(articula.ModelError, match="/bodies/1/mass = -2"):
        articula.load(str(bad_model))


def test_missing_and_malformed_files(tmp_path):
    with pytest.raises(articula.ModelError, match="missing.json"):
        articula.load(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "articula-model", "bodies": [')
    with pytest.raises(articula.ModelError, match="broken.json"):
        articula.load(str(broken))


def test_dict_round_trip(pendulum):
    d = pendulum.to_dict()
    d["bodies"][0]["mass"] = 2.0
    heavier = articula.from_dict(d)
    assert heavier.matter.mass_properties(1).mass == 2.0
    assert pendulum.matter.mass_properties(1).mass == 1.0
    with pytest.raises(articula.ModelError, match="/bodies/0/mass"):
        d["bodies"][0]["mass"] = "heavy"
        articula.from_dict(d)


def test_save_writes_a_loadable_model(pendulum, tmp_path):
    out = tmp_path / "saved.json"
    pendulum.save(str(out))
    again = articula.load(str(out))
    assert again.body_names == pendulum.body_names


def test_version():
    assert articula.__version__.count(".") == 2


def test_urdf_loads_like_the_articula_file(models):
    """URDF (docs/urdf.md) through the same load: the two-link arm and its Articula twin agree."""
    data = models.parent / "tests" / "data" / "urdf"
    urdf = articula.load(str(data / "two_link_arm.urdf"))
    twin = articula.load(str(data / "two_link_arm.json"))
    assert urdf.body_names == twin.body_names == ["upper", "lower"]
    assert urdf.q_names == ["shoulder.angle", "elbow.angle"]
    limited = articula.load(str(data / "two_link_arm.urdf"), urdf_limits=True)
    assert limited.matter.nu == 2
    with pytest.raises(articula.ModelError, match="a floating base needs mass"):
        articula.load(str(data / "two_link_arm.urdf"), floating_base=True)
    with pytest.raises(articula.ModelError, match=r"inline\.urdf:1: .*root element must be <robot>"):
        articula.from_json("<model/>", file="inline.urdf")


def test_scaled_reaches_the_targets(models):
    man = articula.load(str(models / "adult_male.json"))
    height, mass = man.size
    assert mass == pytest.approx(73.0)
    assert 1.6 < height < 1.9
    small = man.scaled(1.60, 55.0)
    assert small.size == pytest.approx((1.60, 55.0), rel=1e-12)
    assert man.size == (height, mass)  # the original is left as it is
    assert small.body_names == man.body_names and small.q_names == man.q_names
    # The root stands at the new stature: its initial height scales by s.
    s = 1.60 / height
    z = man.q_names.index("root.z")
    assert small.initial_state().q[z] == pytest.approx(s * man.initial_state().q[z], rel=1e-12)
    assert json.loads(small.to_json())["bodies"][0]["mass"] == pytest.approx(
        json.loads(man.to_json())["bodies"][0]["mass"] * 55.0 / mass, rel=1e-12)


def test_scaled_rejects_bad_targets(pendulum):
    with pytest.raises(articula.ModelError, match="height = -1"):
        pendulum.scaled(-1.0, 2.0)
    with pytest.raises(articula.ModelError, match="mass = nan"):
        pendulum.scaled(1.0, float("nan"))
