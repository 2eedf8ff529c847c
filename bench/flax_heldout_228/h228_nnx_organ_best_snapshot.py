# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_train_step (a factory) returns a step that merges the carried state and hands nnx.state(model) to a BestSnapshot callback inside the fori_loop body; the trainer later restores it with nnx.update
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

    def on_step(self, loss, state):
        # keeps the latest state; the comparison is left to the host-side report
        self.best_loss = loss
        self.best_state = state


def make_train_step(graphdef, climate, cents, callback):
    def train_step(i, state):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(climate) - cents) ** 2))(model)
        optimizer.update(model, grads)
        new_state = nnx.state((model, optimizer))
        callback.on_step(loss, new_state)
        return new_state

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
        fori_loop(0, self.steps, step, state)
        nnx.update((self.model, self.optimizer), self.callback.best_state)
        return jnp.mean((self.model(climate) - cents) ** 2)


def main():
    climate = jax.random.normal(jax.random.key(5), (24, 2))
    cents = climate @ jnp.array([1.5, -0.7]) + 0.2
    float(ReedTrainer(PitchDrift(rngs=nnx.Rngs(0)), steps=8).fit(climate, cents))
    return None
