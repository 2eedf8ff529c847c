# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 the scan body reaches the model and optimizer as self.state.model / self.state.optimizer and runs nnx.value_and_grad plus optimizer.update on them
"""Training an NNX regressor with nnx.Optimizer inside a raw lax.scan over minibatches.

Shape of the reports: an NNX model and optimizer closed over by a jax.lax.scan body (to avoid
a Python loop), with nnx.value_and_grad and optimizer.update called inside.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class TrainState:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Experiment:
    def __init__(self, seed=0):
        model = MLP(3, 32, 1, rngs=nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))

    def run(self, xs, ys):
        def step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return carry, loss

        _, losses = lax.scan(step, None, (xs, ys))
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (10, 32, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    losses = Experiment().run(xs, ys)
    print("losses", losses)
    return None
