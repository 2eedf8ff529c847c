# label: ok
# flax-error: none
# class: 5 the alive fractions ride in the scan carry and are written to the 'stats' variable once after the loop
"""NCA that tracks the mean alive-cell fraction over a rollout, for a growth regulariser."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class GrowingNCA(nn.Module):
    channels: int = 12
    steps: int = 8

    def setup(self):
        self.perceive = nn.Conv(3 * self.channels, (3, 3), feature_group_count=self.channels, use_bias=False)
        self.update = nn.Dense(self.channels, kernel_init=nn.initializers.zeros)

    def alive(self, x):
        return nn.max_pool(x[..., 3:4], (3, 3), strides=(1, 1), padding="SAME") > 0.1

    @nn.compact
    def __call__(self, x):
        alive_frac = self.variable("stats", "alive_frac", jnp.zeros, (self.steps,))
        x = x + self.update(nn.relu(self.perceive(x)))  # builds the parameters outside the loop

        def body(carry, i):
            x, frac = carry
            x = x + self.update(nn.relu(self.perceive(x)))
            x = x * self.alive(x)
            frac = frac.at[i].set(self.alive(x).mean())
            return (x, frac), None

        (x, frac), _ = jax.lax.scan(body, (x, alive_frac.value), jnp.arange(self.steps))
        alive_frac.value = frac
        return x


def main():
    model = GrowingNCA()
    seed = jnp.zeros((2, 12, 12, 12)).at[:, 6, 6, 3:].set(1.0)
    variables = model.init(jax.random.key(0), seed)
    apply = functools.partial(model.apply, variables, mutable=["stats"])
    apply(seed)
    return None
