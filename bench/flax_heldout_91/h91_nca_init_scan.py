# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,1,24,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 update-rule Conv submodule called inside a raw scan closure in @nn.compact, so its params are created under the scan trace during init
"""Neural cellular automaton: perceive with fixed Sobel filters, update with a learned 1x1 conv,
roll the grid forward for a number of steps (Mordvintsev et al. style growing-NCA)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

CHANNELS = 8
STEPS = 6


def perceive(grid):
    sobel_x = jnp.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]) / 8.0
    kernels = jnp.stack([jnp.eye(3)[1][:, None] * jnp.eye(3)[1][None, :], sobel_x, sobel_x.T], -1)
    kernels = jnp.tile(kernels[:, :, None, :], (1, 1, CHANNELS, 1)).reshape(3, 3, 1, CHANNELS * 3)
    return jax.lax.conv_general_dilated(
        grid[None], kernels, (1, 1), "SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=CHANNELS)[0]


class GrowingNCA(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, grid, steps=STEPS):
        fc0 = nn.Conv(self.hidden, (1, 1))
        fc1 = nn.Conv(CHANNELS, (1, 1), kernel_init=nn.initializers.zeros)

        def update(g, _):
            dx = fc1(nn.relu(fc0(perceive(g))))
            alive = (g[..., 3:4] > 0.1).astype(g.dtype)
            g = (g + dx) * alive
            return g, None

        grid, _ = jax.lax.scan(update, grid, None, length=steps)
        return grid


def main():
    seed = jnp.zeros((16, 16, CHANNELS)).at[8, 8, 3:].set(1.0)
    model = GrowingNCA()
    variables = model.init(jax.random.PRNGKey(0), seed)
    out = model.apply(variables, seed)
    jnp.sum(out).block_until_ready()
    return None
