# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'BatchNorm' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 phase state machine switches the model (reached through the machine's trainer) to eval mode from inside the while_loop body
"""A state machine drives training phases; its validation phase runs a raw lax.while_loop over
validation batches and makes sure the model is in eval mode at every step."""
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.bn(self.fc(x)))))


class Trainer:
    def __init__(self, model):
        self.model = model


class PhaseMachine:
    TRANSITIONS = {"train": "validate", "validate": "train"}

    def __init__(self, trainer):
        self.trainer = trainer
        self.phase = "train"

    def enter(self, phase):
        self.phase = phase
        if phase == "train":
            self.trainer.model.train()
        else:
            self.trainer.model.eval()

    def validate(self, xs, ys):
        n = xs.shape[0]

        def cond(state):
            return state[0] < n

        def body(state):
            i, total = state
            self.enter("validate")
            pred = self.trainer.model(xs[i])
            return i + 1, total + jnp.mean((pred - ys[i]) ** 2)

        _, total = lax.while_loop(cond, body, (0, 0.0))
        self.enter(self.TRANSITIONS[self.phase])
        return total / n


def main():
    machine = PhaseMachine(Trainer(Model(nnx.Rngs(0))))
    machine.validate(jnp.ones((3, 4, 3)), jnp.zeros((3, 4, 1)))
    return None
