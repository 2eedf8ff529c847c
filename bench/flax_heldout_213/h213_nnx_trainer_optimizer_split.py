# label: ok
# flax-error: none
# class: 3 the trainer object's self.model and self.opt are split; their state is the fori_loop carry and is merged in the body
"""NNX regression trainer whose epoch is a raw jax.lax.fori_loop over minibatches.

Twin of h213_nnx_trainer_optimizer: model and optimizer are split together, their state is
the fori_loop carry, merged at the top of the body and split again at the end."""
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
        graphdef, state = nnx.split((self.model, self.opt))

        def body(i, carry):
            state, losses = carry
            model, opt = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, xs[i], ys[i])
            opt.update(model, grads)
            return nnx.split((model, opt))[1], losses.at[i].set(loss)

        state, losses = jax.lax.fori_loop(0, xs.shape[0], body, (state, jnp.zeros(xs.shape[0])))
        nnx.update((self.model, self.opt), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(MLP(nnx.Rngs(1)))
    losses = trainer.epoch(xs, ys)
    print("losses", losses)
