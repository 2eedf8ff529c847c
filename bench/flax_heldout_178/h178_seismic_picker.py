# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 QuakePicker.scan_windows runs lax.scan itself and calls self (BatchNorm in training mode) in the body
"""Seismic phase picker: scores P-wave onsets over a station's sliding windows."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PickerConfig:
    channels: int = 3
    window: int = 16
    hidden: int = 8
    momentum: float = 0.95


class QuakePicker(nn.Module):
    config: PickerConfig

    def setup(self):
        self.norm = nn.BatchNorm(momentum=self.config.momentum)
        self.encoder = nn.Dense(self.config.hidden)
        self.head = nn.Dense(1)

    def __call__(self, window, train: bool = True):
        h = self.norm(window, use_running_average=not train)
        h = nn.gelu(self.encoder(h))
        return self.head(h).squeeze(-1)

    def scan_windows(self, windows, train: bool = True):
        """windows: [n_windows, window, channels] -> onset scores per window."""

        def score(best, window):
            onset = self(window, train=train)
            return jnp.maximum(best, onset.max()), onset

        best, onsets = lax.scan(score, jnp.full((), -jnp.inf), windows)
        return best, onsets


def load_station(key, config, n_windows=6):
    noise = jax.random.normal(key, (n_windows, config.window, config.channels))
    ramp = jnp.linspace(0.0, 2.0, config.window)[None, :, None]
    return noise + ramp


def main():
    config = PickerConfig()
    picker = QuakePicker(config)
    windows = load_station(jax.random.key(7), config)
    variables = picker.init(jax.random.key(0), windows[0])
    # Recalibrate the normaliser on tonight's station data while picking.
    (best, onsets), updates = picker.apply(
        variables, windows, method=QuakePicker.scan_windows, mutable=["batch_stats"]
    )
    variables = {**variables, **updates}
    shift = jnp.abs(variables["batch_stats"]["norm"]["mean"]).max()
    print("best onset score", float(best), "norm shift", float(shift))
    return None
