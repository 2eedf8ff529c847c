# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the harness restores each checkpoint through self.store.restore(name) (nnx.merge) and the while_loop body calls the restored model, which is still in training mode and updates its BatchNorm statistics
"""Evaluation harness for a text-line OCR recogniser: compares several saved checkpoints on
the same held-out batches and stops a checkpoint early once its loss exceeds the budget."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

PIXELS = 30
GLYPHS = 10


class LineRecognizer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Linear(PIXELS, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, GLYPHS, rngs=rngs)

    def __call__(self, columns):
        return self.head(self.drop(nnx.relu(self.norm(self.conv(columns)))))


class CheckpointStore:
    """Stand-in for an orbax directory: one graphdef, several saved states."""

    def __init__(self, model):
        self.graphdef, base = nnx.split(model)
        self.saved = {}
        for i, name in enumerate(("step_1000", "step_2000", "step_3000")):
            key = jax.random.PRNGKey(100 + i)
            self.saved[name] = jax.tree.map(
                lambda a: a + 0.01 * jax.random.normal(key, a.shape) if jnp.issubdtype(a.dtype, jnp.floating) else a,
                base)

    def restore(self, name):
        return nnx.merge(self.graphdef, self.saved[name])


class Harness:
    def __init__(self, store, budget):
        self.store = store
        self.budget = budget

    def _mean_loss(self, model, xs, ys):
        def more(state):
            i, total = state
            return (i < xs.shape[0]) & (total / jnp.maximum(i, 1) < self.budget)

        def batch(state):
            i, total = state
            logits = model(lax.dynamic_index_in_dim(xs, i, keepdims=False))
            labels = lax.dynamic_index_in_dim(ys, i, keepdims=False)
            nll = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1))
            return i + 1, total + nll

        i, total = lax.while_loop(more, batch, (jnp.int32(0), jnp.float32(0.0)))
        return total / jnp.maximum(i, 1)

    def compare(self, xs, ys):
        results = {}
        for name in self.store.saved:
            model = self.store.restore(name)
            results[name] = float(self._mean_loss(model, xs, ys))
        return min(results, key=results.get)


def main():
    store = CheckpointStore(LineRecognizer(nnx.Rngs(0, dropout=1)))
    xs = jax.random.normal(jax.random.PRNGKey(5), (4, 40, PIXELS))
    ys = jax.random.randint(jax.random.PRNGKey(6), (4, 40), 0, GLYPHS)
    Harness(store, budget=10.0).compare(xs, ys)
    return None
