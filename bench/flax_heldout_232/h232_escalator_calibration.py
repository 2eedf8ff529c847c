# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's own `variables` attribute is read and reassigned inside the fori_loop body with the batch_stats updates
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class CalibrationConfig:
    sensors: int = 5
    hidden: int = 8
    rounds: int = 4
    seed: int = 11


class StepWearNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


def inspection_rounds(config: CalibrationConfig):
    base = jnp.linspace(0.0, 1.0, 3 * config.sensors).reshape(3, config.sensors)
    return jnp.stack([base * (r + 1) for r in range(config.rounds)])


class EscalatorTrainer:
    def __init__(self, model: StepWearNet, variables, config: CalibrationConfig):
        self.model = model
        self.variables = variables
        self.config = config

    @classmethod
    def from_config(cls, config: CalibrationConfig):
        model = StepWearNet(config.hidden)
        dummy = jnp.zeros((3, config.sensors))
        variables = model.init(jax.random.key(config.seed), dummy, train=False)
        return cls(model, variables, config)

    def calibrate(self, rounds):
        def one_round(i, total):
            wear, updates = self.model.apply(self.variables, rounds[i], train=True, mutable=["batch_stats"])
            self.variables = {"params": self.variables["params"], **updates}
            return total + wear.mean()

        return jax.lax.fori_loop(0, rounds.shape[0], one_round, jnp.float32(0.0))

    def score(self, readings):
        return self.model.apply(self.variables, readings, train=False)


def main():
    config = CalibrationConfig()
    trainer = EscalatorTrainer.from_config(config)
    rounds = inspection_rounds(config)
    total = trainer.calibrate(rounds)
    wear = trainer.score(rounds[-1])
    jax.block_until_ready((total, wear))
    return None
