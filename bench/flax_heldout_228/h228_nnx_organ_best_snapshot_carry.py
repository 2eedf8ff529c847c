# label: ok
# flax-error: none
# class: 5 make_train_step (a factory) returns a step that merges the carried state and keeps the best nnx.state in the fori_loop carry; the BestSnapshot callback receives it after the loop and the trainer restores it with nnx.update
"""Pipe organ reed tuning: fits a drift model of reed-pipe pitch against church temperature
and humidity, keeping the best snapshot seen during training through a callback."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class PitchDrift(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.fit = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, climate):
        return self.fit(climate)[..., 0]


class BestSnapshot:
    def __init__(self):
        self.best_loss = float("inf")
        self.best_state = None

    def on_end(self, loss, state):
        self.best_loss = float(loss)
        self.best_state = state


def make_train_step(graphdef, climate, cents, callback):
    def train_step(i, carry):
        state, best_loss, best_state = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(climate) - cents) ** 2))(model)
        optimizer.update(model, grads)
        new_state = nnx.state((model, optimizer))
        better = loss < best_loss
        best_state = jax.tree.map(lambda new, old: jnp.where(better, new, old), new_state, best_state)
        return new_state, jnp.minimum(loss, best_loss), best_state

    return train_step


class ReedTrainer:
    def __init__(self, model, steps):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.steps = steps
        self.callback = BestSnapshot()

    def fit(self, climate, cents):
        graphdef, state = nnx.split((self.model, self.optimizer))
        step = make_train_step(graphdef, climate, cents, self.callback)
        init = (state, jnp.float32(jnp.inf), state)
        _, best_loss, best_state = fori_loop(0, self.steps, step, init)
        self.callback.on_end(best_loss, best_state)
        nnx.update((self.model, self.optimizer), self.callback.best_state)
        return jnp.mean((self.model(climate) - cents) ** 2)


def main():
    climate = jax.random.normal(jax.random.key(5), (24, 2))
    cents = climate @ jnp.array([1.5, -0.7]) + 0.2
    float(ReedTrainer(PitchDrift(rngs=nnx.Rngs(0)), steps=8).fit(climate, cents))
    return None
