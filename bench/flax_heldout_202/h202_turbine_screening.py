# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "baseline" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a local model.bind(variables) is closed over by a jax.checkpoint-wrapped partial step that the while_loop body calls; the step rewrites the 'baseline' collection
"""Wind turbine condition monitoring: vibration spectra from a nacelle accelerometer are
screened window by window until the anomaly score crosses the alarm threshold."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class VibrationMonitor(nn.Module):
    bands: int = 8
    decay: float = 0.9

    @nn.compact
    def __call__(self, spectrum):
        baseline = self.variable("baseline", "mean", jnp.zeros, (self.bands,))
        z = nn.Dense(self.bands)(jnp.log1p(spectrum))
        score = jnp.mean((z - baseline.value) ** 2)
        baseline.value = self.decay * baseline.value + (1 - self.decay) * z
        return score


def _screen_window(monitor, spectra, carry):
    i, score = carry
    window = lax.dynamic_index_in_dim(spectra, i, keepdims=False)
    return i + 1, monitor(window)


def screen_until_alarm(model, variables, spectra, threshold):
    monitor = model.bind(variables)
    step = jax.checkpoint(partial(_screen_window, monitor, spectra))

    def keep_going(carry):
        i, score = carry
        return (i < spectra.shape[0]) & (score < threshold)

    return lax.while_loop(keep_going, step, (jnp.zeros((), jnp.int32), jnp.zeros(())))


def main():
    spectra = jax.random.uniform(jax.random.key(21), (30, 8), minval=0.0, maxval=4.0)
    model = VibrationMonitor()
    variables = model.init(jax.random.key(22), spectra[0])
    stopped_at, score = screen_until_alarm(model, variables, spectra, threshold=5.0)
    assert stopped_at.shape == ()
    return None
