# label: ok
# flax-error: none
# class: 3 the RecallTrainer holds the model and an nnx.Optimizer as attributes; it splits both into (graphdef, state), carries the state through the fori_loop, merges it in the body and merges the final state back after the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = lax.fori_loop(0, steps, step, (state, jnp.zeros(())))
        self.model, self.optimizer = nnx.merge(graphdef, state)
        return total / steps

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
