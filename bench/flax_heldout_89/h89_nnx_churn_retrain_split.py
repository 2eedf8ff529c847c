# label: ok
# flax-error: none
# class: 4 the retrain job stores an apply_update callback wrapping nnx.update(self.model, ...); the fori_loop carries the params state and the callback runs after the loop
"""Churn prediction (NNX): a retraining job with plain SGD written against nnx.split / nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ChurnNet(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_features, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class RetrainJob:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.lr = lr
        self.graphdef, _ = nnx.split(model, nnx.Param)
        self.apply_update = lambda params: nnx.update(self.model, params)

    def loss(self, params, x, y):
        model = nnx.merge(self.graphdef, params)
        logits = model(x)
        return jnp.mean(jnp.logaddexp(0.0, logits) - logits * y)

    def run(self, x, y, steps=10):
        def body(i, carry):
            params, total = carry
            loss, grads = jax.value_and_grad(self.loss)(params, x, y)
            return jax.tree.map(lambda p, g: p - self.lr * g, params, grads), total + loss

        params, total = lax.fori_loop(0, steps, body, (nnx.state(self.model, nnx.Param), jnp.float32(0.0)))
        self.apply_update(params)
        return total


def main():
    x = jax.random.normal(jax.random.key(0), (64, 6))
    y = (x[:, 2] > 0).astype(jnp.float32)
    RetrainJob(ChurnNet(6, nnx.Rngs(1))).run(x, y).block_until_ready()
    return None
