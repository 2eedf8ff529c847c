# label: ok
# flax-error: none
# class: 3 train_step helper updates model and nnx.Optimizer that enter the raw fori_loop as its carry; results written back with nnx.update
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

    @staticmethod
    def train_step(model, optimizer, x, y):
        graphdef, params, rest = nnx.split(model, nnx.Param, ...)

        def loss(p):
            return jnp.mean((nnx.merge(graphdef, p, rest)(x) - y) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        optimizer.update(model, grads)
        return value

    def fit(self, x, y, epochs):
        def body(i, carry):
            model, optimizer, losses = carry
            value = self.train_step(model, optimizer, x, y)
            return model, optimizer, losses.at[i].set(value)

        init = (self.model, self.optimizer, jnp.zeros(epochs))
        model, optimizer, losses = jax.lax.fori_loop(0, epochs, body, init)
        nnx.update(self.model, nnx.state(model))
        nnx.update(self.optimizer, nnx.state(optimizer))
        return losses


def main():
    x = jax.random.uniform(jax.random.key(0), (64, 2))
    y = jnp.sin(3 * x[:, :1]) + x[:, 1:]
    trainer = Trainer(Net(nnx.Rngs(1)), lr=0.1)
    losses = trainer.fit(x, y, epochs=5)
    jax.block_until_ready(losses)
    return None
