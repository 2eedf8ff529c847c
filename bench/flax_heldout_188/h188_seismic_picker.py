# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the picker's own compact method runs lax.scan and sows each window's energy into "intermediates" from inside the body
"""Seismic phase picking: the picker slides over a station's waveform windows, keeps the
strongest onset score, and records window energies for the station QC dashboard."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class PhasePicker(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, windows):
        encoder = nn.Dense(self.features, name="encoder")
        onset = nn.Dense(1, name="onset")
        onset(encoder(windows[0]))  # create the parameters outside the loop

        def pick(best, window):
            h = jnp.tanh(encoder(window))
            self.sow("intermediates", "window_energy", jnp.sum(h ** 2))
            score = onset(h)[0]
            return jnp.maximum(best, score), score

        best, scores = lax.scan(pick, -jnp.inf, windows)
        return best, scores


class StationQc:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def process(self, windows):
        (best, _), state = self.model.apply(self.variables, windows, mutable=["intermediates"])
        energies = jnp.stack(state["intermediates"]["window_energy"])
        return best, {"mean_energy": energies.mean(), "max_energy": energies.max()}


def main():
    model = PhasePicker()
    windows = jax.random.normal(jax.random.key(3), (12, 32))
    variables = model.init(jax.random.key(0), windows)
    StationQc(model, variables).process(windows)
    return None
