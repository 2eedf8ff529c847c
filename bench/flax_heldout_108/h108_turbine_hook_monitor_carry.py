# label: ok
# flax-error: none
# class: 4 MonitorLoop.run's while_loop body calls the on_window_end hook; TurbineMonitor overrides it to apply recalibrate with mutable=["baseline"] and returns the baseline in the loop state, stored by finish()
"""Wind turbine vibration monitoring: a base loop with hooks, a subclass that tracks a spectral baseline."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class VibrationDetector(nn.Module):
    window: int = 64

    def setup(self):
        self.proj = nn.Dense(8)
        self.baseline = self.variable("baseline", "spectrum", jnp.zeros, (self.window // 2 + 1,))

    def __call__(self, window):
        spectrum = jnp.abs(jnp.fft.rfft(window))
        return jnp.linalg.norm(self.proj(spectrum - self.baseline.value))

    def recalibrate(self, window):
        spectrum = jnp.abs(jnp.fft.rfft(window))
        self.baseline.value = 0.95 * self.baseline.value + 0.05 * spectrum
        return self.baseline.value


class MonitorLoop:
    """Scans windows until one crosses the alarm threshold; subclasses fill in the hooks."""

    def score(self, window, hook_state):
        raise NotImplementedError

    def init_hook_state(self):
        return ()

    def on_window_end(self, window, score, hook_state):
        return hook_state

    def finish(self, hook_state):
        pass

    def run(self, windows, threshold):
        n = windows.shape[0]

        def cond(state):
            i, worst, _ = state
            return (i < n) & (worst < threshold)

        def body(state):
            i, worst, hook_state = state
            s = self.score(windows[i], hook_state)
            hook_state = self.on_window_end(windows[i], s, hook_state)
            return i + 1, jnp.maximum(worst, s), hook_state

        i, worst, hook_state = lax.while_loop(cond, body, (0, jnp.float32(0.0), self.init_hook_state()))
        self.finish(hook_state)
        return i, worst


class TurbineMonitor(MonitorLoop):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def init_hook_state(self):
        return self.variables["baseline"]

    def score(self, window, hook_state):
        return self.model.apply({"params": self.variables["params"], "baseline": hook_state}, window)

    def on_window_end(self, window, score, hook_state):
        _, updated = self.model.apply({"params": self.variables["params"], "baseline": hook_state}, window,
                                      method=VibrationDetector.recalibrate, mutable=["baseline"])
        return updated["baseline"]

    def finish(self, hook_state):
        self.variables = {**self.variables, "baseline": hook_state}


def main():
    model = VibrationDetector()
    key = jax.random.key(0)
    variables = model.init(key, jnp.zeros((64,)))
    windows = jnp.sin(jnp.linspace(0, 40, 10 * 64)).reshape(10, 64)
    windows = windows + 0.05 * jax.random.normal(jax.random.key(1), windows.shape)
    monitor = TurbineMonitor(model, variables)
    checked, worst = monitor.run(windows, threshold=1e3)
    print(int(checked), float(worst))
    return None
