"""OpenSim's data files from Python (docs/opensim-files.md): read_storage and read_trc give the
counts and values printed in the files (tests/data/opensim_files/, ../shared/external/opensim/)."""
import math
import pathlib

import pytest

import articula
from conftest import SOURCE

FIXTURES = SOURCE / "tests" / "data" / "opensim_files"
SHARED = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "external" / "opensim"


def test_read_storage_gives_labels_and_rows():
    labels, values = articula.read_storage(str(FIXTURES / "subject01_walk1_ik.mot"))
    # Header: nRows=73, nColumns=24; first row 0.40000000 5.18629404 …, last 1.60000000 … -5.76927893.
    assert values.shape == (73, 24)
    assert labels[0] == "time" and labels[-1] == "lumbar_rotation"
    assert values[0, 0] == 0.4 and values[0, 1] == 5.18629404
    assert values[-1, 0] == 1.6 and values[-1, -1] == -5.76927893
    assert labels.index("knee_angle_r") == 10


def test_read_storage_refuses_a_malformed_file(tmp_path):
    bad = tmp_path / "bad.sto"
    bad.write_text("t\nnRows=1\nendheader\ntime\tq\n0\tx\n")
    with pytest.raises(articula.Error, match=r"bad.sto', line 5: value 'x' in column 2 \('q'\) is not a number"):
        articula.read_storage(str(bad))


def test_read_trc_missing_markers_and_units(tmp_path):
    trc = tmp_path / "m.trc"
    trc.write_text("PathFileType\t4\t(X/Y/Z)\tm.trc\nDataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\n"
                   "100\t100\t2\t2\tmm\nFrame#\tTime\tA\t\t\tB\t\t\n\t\tX1\tY1\tZ1\tX2\tY2\tZ2\n\n"
                   "1\t0\t1\t2\t3\t4\t5\t6\n2\t0.01\t7\t8\t9\t\t\t\n")
    markers, time, xyz = articula.read_trc(str(trc))
    assert markers == ["A", "B"]
    assert list(time) == [0, 0.01]
    assert xyz.shape == (2, 2, 3)
    assert list(xyz[1, 0]) == [7, 8, 9]
    assert all(math.isnan(v) for v in xyz[1, 1])
    _, _, metres = articula.read_trc(str(trc), metres=True)
    assert metres[0, 1, 2] == pytest.approx(0.006)


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/external/opensim is not on this machine")
def test_read_trc_walking_trial():
    markers, time, xyz = articula.read_trc(str(SHARED / "gait2354" / "subject01_walk1.trc"))
    assert xyz.shape == (151, 41, 3) and len(markers) == 41 and time[-1] == 2.5
    assert list(xyz[0, 0]) == [617.247620, 1055.275020, 170.781980]  # R.ASIS, frame 1, mm
