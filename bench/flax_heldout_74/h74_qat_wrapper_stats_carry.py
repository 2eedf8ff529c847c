# label: ok
# flax-error: none
# class: 3 factory returns a calibration step closing over the QAT wrapper; quant_stats are applied mutable and carried by fori_loop
"""Quantisation-aware training wrapper: calibrate activation ranges before fake-quant training."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class FakeQuantDense(nn.Module):
    features: int
    bits: int = 8

    @nn.compact
    def __call__(self, x):
        lo = self.variable("quant_stats", "lo", lambda: jnp.full((), jnp.inf))
        hi = self.variable("quant_stats", "hi", lambda: jnp.full((), -jnp.inf))
        lo.value = jnp.minimum(lo.value, x.min())
        hi.value = jnp.maximum(hi.value, x.max())
        scale = (hi.value - lo.value) / (2 ** self.bits - 1) + 1e-8
        xq = jnp.round((x - lo.value) / scale) * scale + lo.value
        return nn.Dense(self.features)(x + jax.lax.stop_gradient(xq - x))


class QATWrapper(nn.Module):
    widths: tuple = (16, 4)

    @nn.compact
    def __call__(self, x):
        for w in self.widths:
            x = FakeQuantDense(w)(x)
        return x


def make_calibration_step(model, params, data):
    def step(i, carry):
        acc, stats = carry
        out, updates = model.apply({"params": params, "quant_stats": stats}, data[i], mutable=["quant_stats"])
        return acc + out.mean(), updates["quant_stats"]

    return step


def main():
    model = QATWrapper()
    data = jax.random.normal(jax.random.PRNGKey(0), (6, 8, 12))
    variables = model.init(jax.random.PRNGKey(1), data[0])
    step = make_calibration_step(model, variables["params"], data)
    lax.fori_loop(0, data.shape[0], step, (jnp.zeros(()), variables["quant_stats"]))
    return None
