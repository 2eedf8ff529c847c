# label: same-values
# flax-error: none
# class: 2 the gust key, a local drawn with make_rng before the loop, goes into the fori_loop body directly
"""Chair swing under wind gusts, simulated for ski-lift wind-hold decisions."""
from dataclasses import dataclass

import jax.numpy as jnp
from jax import lax, random
from flax import linen as nn


class ChairSwing(nn.Module):
    chairs: int = 4
    steps: int = 6

    @nn.compact
    def __call__(self, wind):
        damping = self.param("damping", nn.initializers.constant(0.8), (self.chairs,))
        key = self.make_rng("gust")

        def tick(i, trace):
            gust = 0.3 * random.normal(key, (self.chairs,))
            return trace.at[i].set(damping * wind + gust)

        return lax.fori_loop(0, self.steps, tick, jnp.zeros((self.steps, self.chairs)))


@dataclass
class WindHoldStudy:
    chairs: int = 4
    steps: int = 6
    seed: int = 8

    def model(self):
        return ChairSwing(chairs=self.chairs, steps=self.steps)

    def run(self, wind):
        model = self.model()
        root = random.key(self.seed)
        init_key, gust_key, run_key = random.split(root, 3)
        variables = model.init({"params": init_key, "gust": gust_key}, wind)
        return model.apply(variables, wind, rngs={"gust": run_key})


def main():
    wind = jnp.full((4,), 1.5, dtype=jnp.float32)
    return WindHoldStudy().run(wind)
