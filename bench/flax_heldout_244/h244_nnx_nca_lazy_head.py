# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the GrowthMonitor's self.probe attribute (an nnx.Linear built lazily on first call) is created inside the while_loop body and used again after the loop
"""Self-classifying neural cellular automaton: grow the pattern until a linear probe on the
mean cell state is confident enough."""
import jax
import jax.numpy as jnp
from flax import nnx


class NCA(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, channels * 3, (3, 3), feature_group_count=channels,
                                 use_bias=False, rngs=rngs)
        self.update = nnx.Conv(channels * 3, channels, (1, 1),
                               kernel_init=nnx.initializers.normal(0.05), rngs=rngs)

    def __call__(self, grid):
        return jnp.clip(grid + self.update(nnx.relu(self.perceive(grid))), -1.0, 1.0)


class GrowthMonitor:
    def __init__(self, num_classes: int, seed: int = 0):
        self.num_classes = num_classes
        self.seed = seed
        self.probe = None

    def __call__(self, grid):
        features = grid.mean(axis=(0, 1, 2))
        if self.probe is None:
            self.probe = nnx.Linear(features.shape[-1], self.num_classes, rngs=nnx.Rngs(self.seed))
        return self.probe(features)


def grow(nca, monitor, seed_grid, max_steps=6, confidence=0.9):
    def keep_growing(state):
        step, _, score = state
        return (step < max_steps) & (score < confidence)

    def grow_step(state):
        step, grid, _ = state
        grid = nca(grid)
        score = jax.nn.softmax(monitor(grid)).max()
        return step + 1, grid, score

    return jax.lax.while_loop(keep_growing, grow_step, (0, seed_grid, jnp.float32(0.0)))


def main():
    nca = NCA(channels=4, rngs=nnx.Rngs(0))
    monitor = GrowthMonitor(num_classes=3)
    seed_grid = jnp.zeros((1, 8, 8, 4)).at[:, 4, 4, :].set(1.0)
    steps, grid, _ = grow(nca, monitor, seed_grid)
    label = monitor(grid).argmax()
    jax.block_until_ready(label)
    return None
