# label: ok
# flax-error: none
# class: 5 a split model state passed through the scan carry by a TuningDriver, merged in the body, trained states leaving as ys and merged after the loop
"""Hyperparameter search driver: sweep learning rates with a scanned inner loop and keep the best model."""
import jax
import jax.numpy as jnp
from flax import nnx


class Probe(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.w = nnx.Linear(din, 1, rngs=rngs)

    def __call__(self, x):
        return self.w(x)[:, 0]


def sgd_step(model, x, y, lr):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p, rest)(x) - y) ** 2)

    grads = jax.grad(loss_fn)(params)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return jnp.mean((model(x) - y) ** 2)


class TuningDriver:
    def __init__(self, model, learning_rates):
        self.graphdef, self.state = nnx.split(model)
        self.learning_rates = learning_rates
        self.best_model = None

    def sweep(self, x, y, inner_steps=3):
        def body(carry, lr):
            best_loss, start = carry
            model = nnx.merge(self.graphdef, start)
            for _ in range(inner_steps):
                loss = sgd_step(model, x, y, lr)
            return (jnp.minimum(best_loss, loss), start), (loss, nnx.state(model))

        (best, _), (losses, states) = jax.lax.scan(
            body, (jnp.float32(jnp.inf), self.state), self.learning_rates)
        i = int(jnp.argmin(losses))
        self.best_model = nnx.merge(self.graphdef, jax.tree.map(lambda a: a[i], states))
        return best, losses

    def report(self, x):
        return self.best_model(x)


def main():
    x = jax.random.normal(jax.random.key(0), (16, 4))
    y = x @ jnp.arange(4.0)
    driver = TuningDriver(Probe(4, rngs=nnx.Rngs(0)), jnp.array([1e-3, 1e-2, 1e-1]))
    driver.sweep(x, y)
    driver.report(x).block_until_ready()
    return None
