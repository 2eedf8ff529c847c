# label: same-values
# flax-error: none
# class: 1 the module's own monte_carlo method runs the scan and draws self.make_rng("perturb") in the body
"""Satellite collision avoidance: Monte Carlo miss distances for a predicted conjunction."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class ConjunctionScreen(nn.Module):
    """Propagates a relative state (position, velocity) to closest approach."""

    sigma_km: float = 0.2
    steps_to_tca: int = 4

    def setup(self):
        self.drift = nn.Dense(6, kernel_init=nn.initializers.normal(0.05))

    def propagate(self, rel_state):
        for _ in range(self.steps_to_tca):
            rel_state = rel_state + self.drift(rel_state)
        return rel_state

    def miss_distance(self, rel_state):
        return jnp.linalg.norm(self.propagate(rel_state)[..., :3], axis=-1)

    def monte_carlo(self, rel_state, n_samples: int):
        def draw(count_close, _):
            noise = self.sigma_km * jax.random.normal(self.make_rng("perturb"), rel_state.shape)
            miss = self.miss_distance(rel_state + noise)
            return count_close + (miss < 1.0), miss

        return scan(draw, jnp.zeros((), jnp.int32), None, length=n_samples)


def main():
    screen = ConjunctionScreen()
    rel_state = jnp.array([0.8, -0.3, 0.1, 0.01, 0.02, -0.01])
    variables = screen.init(jax.random.key(0), rel_state, method=ConjunctionScreen.miss_distance)
    close, misses = screen.apply(
        variables, rel_state, 8, method=ConjunctionScreen.monte_carlo, rngs={"perturb": jax.random.key(7)}
    )
    return misses
