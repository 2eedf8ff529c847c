# label: ok
# flax-error: none
# class: 2 the local model and the local mc_key of estimate_yaw_spread go straight into the fori_loop body, which folds the draw index into mc_key before building nnx.Rngs(dropout=...)
"""Tidal turbine yaw control: Monte-Carlo dropout spread of the recommended yaw for one flow reading."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class YawPolicy(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_inputs, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.yaw = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, flow, *, rngs=None):
        h = self.drop(nnx.relu(self.trunk(flow)), deterministic=False, rngs=rngs)
        return 30.0 * jnp.tanh(self.yaw(h))


def estimate_yaw_spread(flow, n_draws=6):
    model = YawPolicy(flow.shape[-1], nnx.Rngs(params=0))
    mc_key = jax.random.PRNGKey(21)

    def draw(i, yaws):
        yaw = model(flow, rngs=nnx.Rngs(dropout=jax.random.fold_in(mc_key, i)))
        return yaws.at[i].set(yaw[0])

    return lax.fori_loop(0, n_draws, draw, jnp.zeros((n_draws,)))


def main():
    flow = jnp.asarray([2.1, 0.4, -0.3, 1.2])
    return estimate_yaw_spread(flow)
