# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a model and nnx.Optimizer held by a Trainer, passed from a fori_loop body into an nnx.jit train step
"""Trainer that runs several nnx.jit train steps per host call by wrapping them in a fori_loop."""
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


@nnx.jit
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
        def body(i, last):
            return train_step(self.model, self.optimizer, x, y)

        return jax.lax.fori_loop(0, n_steps, body, jnp.float32(0.0))


def main():
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = jnp.sum(x, axis=1, keepdims=True)
    trainer = Trainer(MLP(3, 8, 1, rngs=nnx.Rngs(0)))
    trainer.run_steps(x, y, 4)
    return None
