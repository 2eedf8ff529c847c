# label: ok
# flax-error: none
# class: 4 the model and optimizer (self.state.model / self.state.optimizer) are split before the scan; the body merges them from the carry and returns their new state
"""Training an NNX regressor with nnx.Optimizer inside a raw lax.scan over minibatches.

Twin of h117_nnx_optimizer: model and optimizer enter the scan as split state in the carry and
are updated in place with nnx.update after the loop.
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
        graphdef, st = nnx.split((self.state.model, self.state.optimizer))

        def step(st, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, st)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        st, losses = lax.scan(step, st, (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), st)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (10, 32, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    losses = Experiment().run(xs, ys)
    print("losses", losses)
    return None
