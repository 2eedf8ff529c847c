# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local nnx.Rngs(jitter=...) augmentation stream is drawn from directly in the scan body
"""Wind turbine blade icing detection with test-time augmentation.

The evaluation script jitters each ten-minute SCADA window with noise from a local Rngs stream
before scoring it with the icing detector, to estimate how stable the alarms are.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class IcingDetector(nnx.Module):
    def __init__(self, channels, *, rngs: nnx.Rngs):
        self.conv = nnx.Linear(channels, 12, rngs=rngs)
        self.norm = nnx.LayerNorm(12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, window):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.conv(window)))))[..., 0]


def scada_windows(windows=10, turbines=4, channels=5):
    t = jnp.arange(windows * turbines * channels, dtype=jnp.float32)
    return jnp.cos(t / 13.0).reshape(windows, turbines, channels)


def main():
    windows = scada_windows()
    detector = IcingDetector(5, rngs=nnx.Rngs(0))
    detector.eval()
    augment = nnx.Rngs(jitter=11)

    def window_step(alarms, window):
        noisy = window + 0.05 * jax.random.normal(augment.jitter(), window.shape)
        p_ice = detector(noisy)
        return alarms + (p_ice > 0.5), p_ice

    alarms, p_ice = scan(window_step, jnp.zeros(windows.shape[1], jnp.int32), windows)
    return p_ice
