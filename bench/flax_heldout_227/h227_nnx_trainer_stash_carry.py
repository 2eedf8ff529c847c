# label: ok
# flax-error: none
# class: 3 the model is self.model of a plain trainer; its state enters the while_loop carry by split and leaves through the carry, written back with nnx.update after the loop
"""Fit-until-converged training of an NNX model with a raw lax.while_loop.

Twin of h227_nnx_trainer_stash: the body only returns the merged model's state in the carry, and
the trainer writes the final state into self.model with nnx.update after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Poly(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class Trainer:
    def __init__(self, model, lr=0.1):
        self.model, self.lr = model, lr

    def fit(self, x, y, tol=1e-3, max_steps=50):
        graphdef, state = nnx.split(self.model)

        def cond(carry):
            i, _, loss = carry
            return (i < max_steps) & (loss > tol)

        def body(carry):
            i, state, _ = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads))
            return i + 1, nnx.state(model), loss

        steps, state, loss = lax.while_loop(cond, body, (0, state, jnp.inf))
        nnx.update(self.model, state)
        return steps, loss

    def predict(self, x):
        return self.model(x)


def main():
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = x**3 - 0.5 * x
    trainer = Trainer(Poly(nnx.Rngs(0)))
    trainer.fit(x, y)
    jax.block_until_ready(trainer.predict(x))
