# label: ok
# flax-error: none
# class: 5 a fluent GustSimBuilder (with_model / with_rngs / with_horizon) builds a step function that closes over one key drawn from the nnx.Rngs "gust" stream at build time and folds in the step index the scan passes
"""Kite-festival safety desk: simulates tether tension of the display kites under
random gusts for the field marshal's go / no-go board."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class TetherModel(nnx.Module):
    def __init__(self, rngs):
        self.lift = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, wind):
        return nnx.softplus(self.lift(wind))[..., 0]


class GustSimBuilder:
    def __init__(self):
        self._model = None
        self._rngs = None
        self._horizon = 1
        self._gust_scale = 0.5

    def with_model(self, model):
        self._model = model
        return self

    def with_rngs(self, rngs):
        self._rngs = rngs
        return self

    def with_horizon(self, horizon):
        self._horizon = horizon
        return self

    def with_gust_scale(self, scale):
        self._gust_scale = scale
        return self

    def build(self):
        model, scale = self._model, self._gust_scale
        gust_key = self._rngs.gust()

        def step(peak, inputs):
            t, wind = inputs
            gust = scale * jax.random.normal(jax.random.fold_in(gust_key, t), wind.shape)
            tension = model(wind + gust)
            return jnp.maximum(peak, tension.max()), tension

        return step, self._horizon


def main():
    step, horizon = (
        GustSimBuilder()
        .with_model(TetherModel(nnx.Rngs(0)))
        .with_rngs(nnx.Rngs(gust=42))
        .with_horizon(8)
        .with_gust_scale(0.8)
        .build()
    )
    field_wind = jnp.tile(jnp.array([[6.0, 1.5, 0.2]]), (horizon, 5, 1))  # steady forecast for the slot
    _, tensions = lax.scan(step, jnp.zeros(()), (jnp.arange(horizon), field_wind))
    return tensions
