# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "alive_frac" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 closure inside @nn.compact writes the 'stats' variable on every scan step
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

        def body(x, i):
            x = x + self.update(nn.relu(self.perceive(x)))
            x = x * self.alive(x)
            alive_frac.value = alive_frac.value.at[i].set(self.alive(x).mean())
            return x, None

        x, _ = jax.lax.scan(body, x, jnp.arange(self.steps))
        return x


def main():
    model = GrowingNCA()
    seed = jnp.zeros((2, 12, 12, 12)).at[:, 6, 6, 3:].set(1.0)
    variables = model.init(jax.random.key(0), seed)
    apply = functools.partial(model.apply, variables)
    apply(seed)
    return None
