# label: trace-context
# flax-error: TraceContextError: Cannot mutate Age from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the NCA's own grow method runs the while_loop and its body increments the module's self.age variable
"""Neural cellular automaton that counts its own update steps (its "age"), grown from a seed
until the pattern stops changing."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Age(nnx.Variable):
    pass


class GrowingNCA(nnx.Module):
    def __init__(self, channels: int, hidden: int = 16, *, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, channels * 3, (3, 3), feature_group_count=channels,
                                 use_bias=False, rngs=rngs)
        self.hidden = nnx.Conv(channels * 3, hidden, (1, 1), rngs=rngs)
        self.out = nnx.Conv(hidden, channels, (1, 1),
                            kernel_init=nnx.initializers.normal(0.02), rngs=rngs)
        self.age = Age(jnp.array(0, jnp.int32))

    def step(self, grid):
        self.age.value += 1
        return grid + self.out(nnx.relu(self.hidden(self.perceive(grid))))

    def grow(self, grid, max_steps: int = 8, tol: float = 1e-3):
        def not_settled(state):
            i, _, delta = state
            return (i < max_steps) & (delta > tol)

        def body(state):
            i, grid, _ = state
            new_grid = self.step(grid)
            return i + 1, new_grid, jnp.abs(new_grid - grid).max()

        _, grid, _ = lax.while_loop(not_settled, body, (0, grid, jnp.float32(jnp.inf)))
        return grid


def main():
    nca = GrowingNCA(channels=4, rngs=nnx.Rngs(0))
    seed = jnp.zeros((1, 8, 8, 4)).at[:, 4, 4, :].set(1.0)
    grid = nca.grow(seed)
    jax.block_until_ready((grid, nca.age.value))
    return None
