# label: same-values
# flax-error: none
# class: 1 CrossingSimulator.rollouts runs the scan itself and calls self.make_rng('weather') inside the body
"""Ferry crossing-time simulator: draws weather-perturbed crossing times for one sailing."""
import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class RouteConfig:
    legs: int = 4
    draws: int = 6
    gust_scale: float = 0.15


class CrossingSimulator(nn.Module):
    config: RouteConfig

    def setup(self):
        self.leg_time = nn.Dense(1)

    def __call__(self, leg_feats):
        return self.leg_time(leg_feats)[..., 0].sum()

    def rollouts(self, leg_feats):
        def draw(carry, _):
            gusts = jax.random.normal(self.make_rng("weather"), leg_feats.shape[:1])
            perturbed = leg_feats.at[:, 0].add(self.config.gust_scale * gusts)
            return carry, self(perturbed)

        _, times = jax.lax.scan(draw, None, None, length=self.config.draws)
        return times


def main():
    cfg = RouteConfig()
    sim = CrossingSimulator(cfg)
    legs = jax.random.uniform(jax.random.key(0), (cfg.legs, 3))
    variables = sim.init(jax.random.key(1), legs)
    return sim.apply(variables, legs, method=CrossingSimulator.rollouts,
                     rngs={"weather": jax.random.key(2)})
