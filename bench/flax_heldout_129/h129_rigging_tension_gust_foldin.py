# label: ok
# flax-error: none
# class: 1 RiggingLoadModel.__call__ runs the scan and folds the step index into self.make_rng('gust') inside the body
"""Monte Carlo load cases for circus rigging safety checks.

Each step perturbs the static tension on the truss hanging points with a wind/swing gust and
returns the load per point, so the safety officer can read off the worst case.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RiggingLoadModel(nn.Module):
    n_points: int = 6
    gust_scale: float = 0.3

    def setup(self):
        self.stiffness = self.param("stiffness", nn.initializers.ones, (self.n_points,))

    def __call__(self, base_tension, n_cases: int):
        stiffness = self.stiffness

        def load_case(carry, case):
            key = jax.random.fold_in(self.make_rng("gust"), case)
            gust = jax.random.normal(key, (self.n_points,))
            load = base_tension * stiffness + self.gust_scale * gust
            return carry, load

        _, loads = jax.lax.scan(load_case, None, jnp.arange(n_cases))
        return loads


def safety_margin(loads, working_load_limit):
    return working_load_limit - loads.max(axis=0)


def main():
    model = RiggingLoadModel()
    base = jnp.linspace(1.0, 2.0, model.n_points)
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, base, 2)
    loads = model.apply(variables, base, 8, rngs={"gust": jax.random.key(42)})
    safety_margin(loads, 3.5)
    return loads
