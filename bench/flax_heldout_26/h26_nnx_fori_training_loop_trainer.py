# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 train_step helper updates a closed-over nnx.Optimizer (and so the model Params) inside the raw fori_loop body
# modelled on: `nnx.Optimizer.update` causes tracer leaking when used in a jitted function (google/flax#4695)
"""Full-batch training of a small regressor, epochs driven by lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

    def train_step(self, x, y):
        graphdef, params, rest = nnx.split(self.model, nnx.Param, ...)

        def loss(p):
            return jnp.mean((nnx.merge(graphdef, p, rest)(x) - y) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        self.optimizer.update(self.model, grads)
        return value

    def fit(self, x, y, epochs):
        def body(i, losses):
            return losses.at[i].set(self.train_step(x, y))

        return jax.lax.fori_loop(0, epochs, body, jnp.zeros(epochs))


def main():
    x = jax.random.uniform(jax.random.key(0), (64, 2))
    y = jnp.sin(3 * x[:, :1]) + x[:, 1:]
    trainer = Trainer(Net(nnx.Rngs(1)), lr=0.1)
    losses = trainer.fit(x, y, epochs=5)
    jax.block_until_ready(losses)
    return None
