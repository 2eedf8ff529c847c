# label: ok
# flax-error: none
# class: 3 the trainer's `variables` attribute seeds the fori_loop carry; batch_stats travel in the carry and are stored on the trainer after the loop
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
        params = self.variables["params"]

        def one_round(i, carry):
            batch_stats, total = carry
            wear, updates = self.model.apply(
                {"params": params, "batch_stats": batch_stats}, rounds[i], train=True, mutable=["batch_stats"]
            )
            return updates["batch_stats"], total + wear.mean()

        start = (self.variables["batch_stats"], jnp.float32(0.0))
        batch_stats, total = jax.lax.fori_loop(0, rounds.shape[0], one_round, start)
        self.variables = {"params": params, "batch_stats": batch_stats}
        return total

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
