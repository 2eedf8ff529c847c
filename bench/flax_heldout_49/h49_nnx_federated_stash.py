# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a FedAvgSimulator's raw scan body over clients appends each client's updated nnx.Param state to a list on the simulator; the server averages that list and nnx.update's the global model
"""Federated averaging with NNX: every client fine-tunes the global params on its shard for a
few steps; the simulator scans over the stacked client shards."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class FedAvgSimulator:
    def __init__(self, model, local_steps=2, lr=0.05):
        self.model = model
        self.local_steps, self.lr = local_steps, lr
        self.client_updates = []

    def _local_train(self, graphdef, params, x, y):
        def loss(p):
            return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

        for _ in range(self.local_steps):
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, jax.grad(loss)(params))
        return params

    def round(self, xs, ys):
        graphdef, params = nnx.split(self.model)
        self.client_updates = []

        def body(carry, shard):
            x, y = shard
            self.client_updates.append(self._local_train(graphdef, params, x, y))
            return carry, None

        jax.lax.scan(body, None, (xs, ys))
        avg = jax.tree.map(lambda *ps: sum(ps) / len(ps), *self.client_updates)
        nnx.update(self.model, avg)
        return self.model(xs[0])


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 10, 4))
    ys = xs.sum(-1, keepdims=True)
    FedAvgSimulator(Net(nnx.Rngs(0))).round(xs, ys)
    return None
