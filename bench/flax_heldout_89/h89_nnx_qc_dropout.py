# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the TTA runner holds a model whose Dropout draws from its nnx.Rngs stream; model.train() is set before the while_loop body calls it
"""Factory-line quality control (NNX): test-time augmentation with dropout until the defect score is confident."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DefectHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(64, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))[..., 0]


class ConfidenceTTA:
    def __init__(self, model, max_passes=8, tol=0.05):
        self.model, self.max_passes, self.tol = model, max_passes, tol

    def score(self, patch):
        self.model.train()
        x = patch.reshape(-1)

        def cond(state):
            n, total, sq = state
            mean = total / jnp.maximum(n, 1)
            std = jnp.sqrt(jnp.maximum(sq / jnp.maximum(n, 1) - mean ** 2, 0.0))
            return (n < 2) | ((n < self.max_passes) & (std > self.tol))

        def body(state):
            n, total, sq = state
            s = self.model(x)
            return n + 1, total + s, sq + s ** 2

        n, total, _ = jax.lax.while_loop(cond, body, (0, 0.0, 0.0))
        return total / n


def main():
    patch = jax.random.uniform(jax.random.key(0), (8, 8))
    tta = ConfidenceTTA(DefectHead(nnx.Rngs(params=0, dropout=1)))
    tta.score(patch).block_until_ready()
    return None
