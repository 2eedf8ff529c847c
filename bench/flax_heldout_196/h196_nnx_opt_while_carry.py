# label: ok
# flax-error: none
# class: 4 fit() splits trainer.model and trainer.optimizer; the while_loop body merges them from the carry, runs train_step, and returns their state
"""Fitting an NNX regression model until the loss drops below a tolerance, with jax.lax.while_loop.

Twin of h196_nnx_opt_while: the model and optimizer state enter and leave the body in the carry
(nnx.split before the loop, nnx.merge in the body, nnx.update after it).
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(jnp.tanh(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def train_step(self, x, y):
        return train_step(self.model, self.optimizer, x, y)


def fit(trainer, x, y, tol=1e-2, max_steps=50):
    graphdef, state = nnx.split((trainer.model, trainer.optimizer))

    def cond(carry):
        step, loss, _ = carry
        return (step < max_steps) & (loss > tol)

    def body(carry):
        step, _, state = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, x, y)
        return step + 1, loss, nnx.state((model, optimizer))

    steps, loss, state = jax.lax.while_loop(cond, body, (0, jnp.inf, state))
    nnx.update((trainer.model, trainer.optimizer), state)
    return steps, loss


def main():
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = jnp.sin(x).sum(-1, keepdims=True)
    trainer = Trainer(MLP(3, rngs=nnx.Rngs(0)), optax.adam(1e-2))
    steps, loss = fit(trainer, x, y)
    print(steps, loss)
    return None


if __name__ == "__main__":
    main()
