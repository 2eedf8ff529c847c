# label: ok
# flax-error: none
# class: 3 machine.model and machine.variables (attributes of one PhaseMachine) are applied in the fori_loop body; only warmup counts as training, so the calibrate phase applies the model in eval mode
"""Kelp farm growth model: a finite state machine drives the phases
warmup -> calibrate -> serve; each phase decides how the model is applied."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GrowthModel(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(10)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.swish(h))[..., 0]


class PhaseMachine:
    TRANSITIONS = {"warmup": "calibrate", "calibrate": "serve", "serve": "serve"}
    TRAINING_PHASES = ("warmup",)

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.phase = "warmup"
        self.log = {}

    def advance(self):
        self.phase = self.TRANSITIONS[self.phase]

    def training(self):
        return self.phase in self.TRAINING_PHASES

    def warmup(self, buoys):
        _, updates = self.model.apply(self.variables, buoys[0], train=True, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}

    def calibrate(self, buoys):
        train = self.training()

        def body(i, total):
            return total + self.model.apply(self.variables, buoys[i], train=train).mean()

        return lax.fori_loop(0, buoys.shape[0], body, jnp.zeros(()))

    def run(self, buoys):
        while self.phase != "serve":
            self.log[self.phase] = getattr(self, self.phase)(buoys)
            self.advance()
        return self.log


def main():
    buoys = jax.random.normal(jax.random.key(0), (5, 16, 4))
    model = GrowthModel()
    variables = model.init(jax.random.key(1), buoys[0], train=False)
    PhaseMachine(model, variables).run(buoys)
    return None
