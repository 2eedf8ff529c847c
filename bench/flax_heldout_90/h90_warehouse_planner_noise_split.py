# label: ok
# flax-error: none
# class: 1 Planner splits self.make_rng("explore") into one key per step and scans over the keys
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CostModel(nn.Module):
    """Learned traversal cost of a floor position (congestion, shelving, slope)."""

    @nn.compact
    def __call__(self, pos):
        h = nn.tanh(nn.Dense(16)(pos))
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class Planner(nn.Module):
    horizon: int = 8
    step_size: float = 0.1
    explore_scale: float = 0.05

    @nn.compact
    def __call__(self, start):
        cost = CostModel()
        cost(start)
        keys = jax.random.split(self.make_rng("explore"), self.horizon)

        def body(pos, key):
            grad = jax.grad(lambda p: cost(p).sum())(pos)
            noise = self.explore_scale * jax.random.normal(key, pos.shape)
            return pos - self.step_size * grad + noise, noise

        _, noise = lax.scan(body, start, keys)
        return noise


def main():
    planner = Planner()
    start = jnp.zeros((3, 2))
    k_params, k_init, k_run = jax.random.split(jax.random.PRNGKey(0), 3)
    variables = planner.init({"params": k_params, "explore": k_init}, start)
    return planner.apply(variables, start, rngs={"explore": k_run})
