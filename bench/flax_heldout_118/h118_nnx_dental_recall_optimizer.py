# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the RecallTrainer holds the model and an nnx.Optimizer as attributes; the fori_loop body runs nnx.value_and_grad on self.model and self.optimizer.update on them
"""Dental clinic scheduling: a no-show model ranks which patients due for a recall visit
should get a reminder call first. The nightly job fine-tunes it on the day's outcomes
for a fixed number of steps before the call list is printed."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class NoShowNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


def bce(model, x, y):
    logits = model(x)
    return optax.sigmoid_binary_cross_entropy(logits, y).mean()


class RecallTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def nightly_fit(self, x, y, steps):
        def step(i, total):
            loss, grads = nnx.value_and_grad(bce)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss

        return lax.fori_loop(0, steps, step, jnp.zeros(())) / steps

    def call_list(self, x):
        return jnp.argsort(-self.model(x))


def main():
    kx, ky = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (32, 6))  # months since visit, distance, age band, ...
    y = (jax.random.uniform(ky, (32,)) < 0.3).astype(jnp.float32)
    trainer = RecallTrainer(NoShowNet(6, nnx.Rngs(1)))
    trainer.nightly_fit(x, y, steps=5)
    trainer.call_list(x)
    return None
