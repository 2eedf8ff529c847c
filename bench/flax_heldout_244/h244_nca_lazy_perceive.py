# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,1,18] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 NCA.__call__ binds its setup submodules into a functools.partial step function that the fori_loop body calls (their params are first created there, during init)
"""Growing neural cellular automaton: depthwise perception filters plus a 1x1 update rule,
applied for a fixed number of steps from a single seed cell."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def alive_mask(grid, threshold=0.1):
    alpha = grid[..., 3:4]
    return nn.max_pool(alpha, (3, 3), strides=(1, 1), padding="SAME") > threshold


def nca_step(perceive, update_rule, grid):
    pre_alive = alive_mask(grid)
    grid = grid + update_rule(perceive(grid))
    post_alive = alive_mask(grid)
    return grid * (pre_alive & post_alive)


class NCA(nn.Module):
    channels: int = 6
    hidden: int = 16
    steps: int = 4

    def setup(self):
        self.perceive = nn.Conv(self.channels * 3, (3, 3), padding="SAME",
                                feature_group_count=self.channels, use_bias=False)
        self.update_rule = nn.Sequential([
            nn.Conv(self.hidden, (1, 1)),
            nn.relu,
            nn.Conv(self.channels, (1, 1), kernel_init=nn.initializers.normal(0.01)),
        ])

    def __call__(self, grid):
        step = functools.partial(nca_step, self.perceive, self.update_rule)
        return lax.fori_loop(0, self.steps, lambda _, g: step(g), grid)


def make_seed(size=8, channels=6):
    grid = jnp.zeros((1, size, size, channels))
    return grid.at[:, size // 2, size // 2, 3:].set(1.0)


def main():
    nca = NCA()
    seed = make_seed()
    variables = nca.init(jax.random.PRNGKey(0), seed)
    grown = nca.apply(variables, seed)
    jax.block_until_ready(grown)
    return None
