# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the DockTrainer keeps a (graphdef, state) pair as attributes; the scan body computes the new state from self.state and assigns it back to self.state
"""Bike-share dock rebalancing: a demand model per station is refreshed every night from
the day's check-outs, and the rebalancing van's route is planned from its predictions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DockDemand(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_features, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))[..., 0]


class DockTrainer:
    def __init__(self, model, learning_rate=0.05):
        self.graphdef, self.state = nnx.split(model)
        self.learning_rate = learning_rate

    def loss(self, state, x, y):
        model = nnx.merge(self.graphdef, state)
        return ((model(x) - y) ** 2).mean()

    def sgd(self, state, x, y):
        grads = jax.grad(self.loss)(state, x, y)
        return jax.tree.map(lambda p, g: p - self.learning_rate * g, state, grads)

    def nightly_refresh(self, xs, ys):
        def batch(carry, xy):
            x, y = xy
            self.state = self.sgd(self.state, x, y)
            return carry, None

        scan(batch, None, (xs, ys))

    def predict(self, x):
        return nnx.merge(self.graphdef, self.state)(x)


def main():
    kx, ky = jax.random.split(jax.random.key(4))
    xs = jax.random.normal(kx, (8, 16, 5))  # batches x stations x (hour, weather, events, ...)
    ys = jax.random.normal(ky, (8, 16))
    trainer = DockTrainer(DockDemand(5, nnx.Rngs(0)))
    trainer.nightly_refresh(xs, ys)
    trainer.predict(xs[0])
    return None
