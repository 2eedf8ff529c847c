# label: same-values
# flax-error: none
# class: 1 TrailConditions.__call__ runs the scan itself and calls self.make_rng("terrain") inside the scan body for each leg
"""Dog-sled racing: sample trail conditions leg by leg for the race simulator.

Each leg draws fresh terrain noise (drifts, glare ice, overflow) and turns it into the extra drag
the team feels and the snow depth the trail crew reports.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class TrailConditions(nn.Module):
    n_legs: int
    n_factors: int = 3

    @nn.compact
    def __call__(self, base_drag):
        mix = self.param("mix", nn.initializers.normal(0.5), (self.n_factors, 2))

        def leg(drag, _):
            terrain = jax.random.normal(self.make_rng("terrain"), (self.n_factors,))
            effect = terrain @ mix
            extra_drag = jax.nn.softplus(effect[0])
            snow_depth = 20.0 + 5.0 * effect[1]
            return drag, {"extra_drag": drag + extra_drag, "snow_depth_cm": snow_depth}

        _, per_leg = scan(leg, base_drag, None, length=self.n_legs)
        return per_leg


class RaceSimulator:
    def __init__(self, n_legs: int, seed: int):
        self.conditions = TrailConditions(n_legs=n_legs)
        self.variables = self.conditions.init(
            {"params": jax.random.key(seed), "terrain": jax.random.key(seed + 1)}, jnp.asarray(1.0)
        )

    def draw_trail(self, key):
        return self.conditions.apply(self.variables, jnp.asarray(1.0), rngs={"terrain": key})


def main():
    sim = RaceSimulator(n_legs=6, seed=0)
    per_leg = sim.draw_trail(jax.random.key(2024))
    print("snow depth per leg", per_leg["snow_depth_cm"])
    return per_leg


if __name__ == "__main__":
    main()
