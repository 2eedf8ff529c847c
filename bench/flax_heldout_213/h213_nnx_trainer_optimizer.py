# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the trainer object's self.model and self.opt are used in the fori_loop body (nnx.value_and_grad, opt.update)
"""NNX regression trainer whose epoch is a raw jax.lax.fori_loop over minibatches.

Written like the NNX quick-start training step, but the step is inlined into a fori_loop
body that uses the trainer's model and optimizer attributes directly."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def mse(model, x, y):
    return ((model(x) - y) ** 2).mean()


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def epoch(self, xs, ys):
        def body(i, losses):
            loss, grads = nnx.value_and_grad(mse)(self.model, xs[i], ys[i])
            self.opt.update(self.model, grads)
            return losses.at[i].set(loss)

        return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(xs.shape[0]))


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(MLP(nnx.Rngs(1)))
    losses = trainer.epoch(xs, ys)
    print("losses", losses)
