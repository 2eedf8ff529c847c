# label: ok
# flax-error: none
# class: 5 a model and nnx.Optimizer held by a Trainer, split into graphdef and state and threaded as the fori_loop carry
"""Trainer that runs several train steps per host call by wrapping them in a fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def run_steps(self, x, y, n_steps):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(i, carry):
            state, _ = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = train_step(model, optimizer, x, y)
            return nnx.state((model, optimizer)), loss

        state, loss = jax.lax.fori_loop(0, n_steps, body, (state, jnp.float32(0.0)))
        nnx.update((self.model, self.optimizer), state)
        return loss


def main():
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = jnp.sum(x, axis=1, keepdims=True)
    trainer = Trainer(MLP(3, 8, 1, rngs=nnx.Rngs(0)))
    trainer.run_steps(x, y, 4)
    return None
