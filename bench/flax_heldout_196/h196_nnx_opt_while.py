# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the while_loop body calls trainer.train_step(), which runs nnx.value_and_grad on self.model and self.optimizer.update
"""Fitting an NNX regression model until the loss drops below a tolerance, with jax.lax.while_loop.

Modelled on reports of "train until converged" loops that call an NNX train step (nnx.Optimizer,
nnx.value_and_grad) from a raw while_loop body.
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


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss


def fit(trainer, x, y, tol=1e-2, max_steps=50):
    def cond(carry):
        step, loss = carry
        return (step < max_steps) & (loss > tol)

    def body(carry):
        step, _ = carry
        loss = trainer.train_step(x, y)
        return step + 1, loss

    return jax.lax.while_loop(cond, body, (0, jnp.inf))


def main():
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = jnp.sin(x).sum(-1, keepdims=True)
    trainer = Trainer(MLP(3, rngs=nnx.Rngs(0)), optax.adam(1e-2))
    steps, loss = fit(trainer, x, y)
    print(steps, loss)
    return None


if __name__ == "__main__":
    main()
