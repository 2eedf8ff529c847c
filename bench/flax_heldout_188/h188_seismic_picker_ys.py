# label: ok
# flax-error: none
# class: 1 the picker's own compact method runs lax.scan and returns each window's energy as a scan output
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
            score = onset(h)[0]
            return jnp.maximum(best, score), (score, jnp.sum(h ** 2))

        best, (scores, energies) = lax.scan(pick, -jnp.inf, windows)
        return best, scores, energies


class StationQc:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def process(self, windows):
        best, _, energies = self.model.apply(self.variables, windows)
        return best, {"mean_energy": energies.mean(), "max_energy": energies.max()}


def main():
    model = PhasePicker()
    windows = jax.random.normal(jax.random.key(3), (12, 32))
    variables = model.init(jax.random.key(0), windows)
    StationQc(model, variables).process(windows)
    return None
