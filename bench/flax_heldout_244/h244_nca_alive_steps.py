# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "growth" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the Grower's self.ca attribute is a bound GrowingCA whose call bumps its "growth" step counter inside the while_loop body
"""Neural cellular automaton grown from a seed until enough cells are alive, with the module
counting how many update steps it has taken."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GrowingCA(nn.Module):
    channels: int = 5

    def setup(self):
        self.perceive = nn.Conv(self.channels * 3, (3, 3), padding="SAME",
                                feature_group_count=self.channels, use_bias=False)
        self.rule = nn.Dense(self.channels, kernel_init=nn.initializers.normal(0.05))
        self.age = self.variable("growth", "steps", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, grid):
        self.age.value += 1
        dx = self.rule(nn.relu(self.perceive(grid)))
        return jnp.clip(grid + dx, 0.0, 1.0)


def alive_fraction(grid):
    return jnp.mean(grid[..., 3] > 0.1)


class Grower:
    def __init__(self, ca, target=0.5, max_steps=6):
        self.ca = ca
        self.target = target
        self.max_steps = max_steps

    def grow(self, seed):
        def keep_growing(state):
            step, grid = state
            return (step < self.max_steps) & (alive_fraction(grid) < self.target)

        def grow_once(state):
            step, grid = state
            return step + 1, self.ca(grid)

        return jax.lax.while_loop(keep_growing, grow_once, (0, seed))


def main():
    seed = jnp.zeros((1, 9, 9, 5)).at[:, 4, 4, 3:].set(1.0)
    ca_def = GrowingCA()
    variables = ca_def.init(jax.random.PRNGKey(3), seed)
    grower = Grower(ca_def.bind(variables))
    steps, grid = grower.grow(seed)
    jax.block_until_ready(grid)
    return None
