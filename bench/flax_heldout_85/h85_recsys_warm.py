# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[30,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body saves its params into pipeline.store (a CheckpointStore); the next round warm-starts from that stored value
"""Recommendation retraining pipeline: daily rounds warm-started from the last checkpoint."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class TwoTower(nn.Module):
    num_users: int = 20
    num_items: int = 30
    dim: int = 8

    @nn.compact
    def __call__(self, users, items):
        u = nn.Embed(self.num_users, self.dim, name="user_tower")(users)
        v = nn.Embed(self.num_items, self.dim, name="item_tower")(items)
        return jnp.sum(u * v, axis=-1)


class CheckpointStore:
    def __init__(self):
        self._latest = None

    def save(self, params):
        self._latest = params

    def latest(self):
        return self._latest


class RetrainPipeline:
    def __init__(self, model, store, lr=0.1, steps=5):
        self.model, self.store, self.lr, self.steps = model, store, lr, steps

    def loss(self, params, batch):
        users, items, clicks = batch
        logits = self.model.apply({"params": params}, users, items)
        return jnp.mean((jax.nn.sigmoid(logits) - clicks) ** 2)

    def run_round(self, params, batch):
        grad_fn = jax.grad(self.loss)

        def body(i, p):
            g = grad_fn(p, batch)
            p = jax.tree.map(lambda a, b: a - self.lr * b, p, g)
            self.store.save(p)
            return p

        lax.fori_loop(0, self.steps, body, params)
        return self.store.latest()


def main():
    model = TwoTower()
    users = jnp.arange(16) % 20
    items = (jnp.arange(16) * 7) % 30
    params = model.init(jax.random.PRNGKey(0), users, items)["params"]
    pipeline = RetrainPipeline(model, CheckpointStore())
    for day in range(2):
        clicks = jax.random.bernoulli(jax.random.PRNGKey(day), 0.3, (16,)).astype(jnp.float32)
        params = pipeline.run_round(params, (users, items, clicks))
    jax.block_until_ready(params)
    return None
