# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 module-level grow() receives the NCA model and calls it inside a raw scan body; its nnx.Dropout fire mask draws from the model's own Rngs stream, advancing the stream count inside the trace
"""Neural cellular automaton (growing NCA) with stochastic cell updates: a Dropout-style fire
mask decides which cells update at each step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NCA(nnx.Module):
    def __init__(self, channels=8, hidden=32, fire_rate=0.5, *, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, 3 * channels, (3, 3), feature_group_count=channels, rngs=rngs)
        self.fc0 = nnx.Conv(3 * channels, hidden, (1, 1), rngs=rngs)
        self.fc1 = nnx.Conv(hidden, channels, (1, 1), kernel_init=nnx.initializers.zeros, rngs=rngs)
        self.fire = nnx.Dropout(1.0 - fire_rate, broadcast_dims=(-1,), rngs=rngs)

    def __call__(self, grid):
        dx = self.fc1(nnx.relu(self.fc0(self.perceive(grid))))
        mask = self.fire(jnp.ones(grid.shape[:-1] + (1,))) > 0
        alive = (grid[..., 3:4] > 0.1)
        return (grid + dx * mask) * alive


def grow(model, grid, steps):
    def body(g, _):
        return model(g), None

    grid, _ = jax.lax.scan(body, grid, None, length=steps)
    return grid


def main():
    model = NCA(rngs=nnx.Rngs(params=0, dropout=1))
    seed = jnp.zeros((1, 16, 16, 8)).at[0, 8, 8, 3:].set(1.0)
    out = grow(model, seed, steps=6)
    out.block_until_ready()
    return None
