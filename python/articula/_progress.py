"""Progress display for Model.simulate: a bar on a terminal, a widget in a notebook."""
import sys
import time


def make_progress(progress):
    """The callable simulate calls as f(t, duration, wall), or None for no display."""
    if progress is None or progress is False:
        return None
    if callable(progress):
        return progress
    if _in_notebook():
        widget = _NotebookBar.create()
        if widget is not None:
            return widget
    return _TextBar(sys.stderr)


def _in_notebook():
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _eta(t, duration, wall):
    if t <= 0:
        return float("nan")
    return wall * (duration - t) / t


class _TextBar:
    """One line rewritten in place: bar, simulated time, wall time and the time left."""

    width = 30

    def __init__(self, stream):
        self.stream = stream
        self.started = time.monotonic()
        self.shown = False

    def __call__(self, t, duration, wall):
        done = min(1.0, t / duration) if duration > 0 else 1.0
        filled = int(round(done * self.width))
        eta = _eta(t, duration, wall)
        left = "" if eta != eta else " ~%.0f s left" % eta
        self.stream.write("\r[%s%s] %5.1f%%  t = %.3g of %.3g s  %.1f s%s   " % (
            "#" * filled, "." * (self.width - filled), 100 * done, t, duration, wall, left))
        self.stream.flush()
        self.shown = True

    def close(self):
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


class _NotebookBar:
    """An ipywidgets progress bar with a label."""

    @classmethod
    def create(cls):
        try:
            import ipywidgets
            from IPython.display import display
        except ImportError:
            return None
        bar = cls()
        bar.bar = ipywidgets.FloatProgress(min=0.0, max=1.0)
        bar.label = ipywidgets.Label()
        display(ipywidgets.HBox([bar.bar, bar.label]))
        return bar

    def __call__(self, t, duration, wall):
        self.bar.value = min(1.0, t / duration) if duration > 0 else 1.0
        self.label.value = "t = %.3g of %.3g s, %.1f s" % (t, duration, wall)

    def close(self):
        self.bar.bar_style = "success"
