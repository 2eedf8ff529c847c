# label: ok
# flax-error: none
# class: 4 trainer.state (a struct FitState holding batch_stats) is read through the Stepper helper; the new batch_stats leave the scan in the carry and are stored after it
"""Saddle-fit service: replays a ride log of pressure-mat frames through a BatchNorm
regressor that scores how well a saddle tree fits the horse's back."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import struct
from jax import lax


class PressureMapNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, zones, train: bool = False):
        h = nn.Dense(self.features)(zones)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


@struct.dataclass
class FitState:
    params: dict
    batch_stats: dict
    step: int = 0


class Stepper:
    """Owns the forward pass so the trainer never calls apply itself."""

    def __init__(self, model):
        self.forward = functools.partial(model.apply, mutable=["batch_stats"])

    def __call__(self, state, batch):
        variables = {"params": state.params, "batch_stats": state.batch_stats}
        pred, updates = self.forward(variables, batch["zones"], train=True)
        loss = jnp.mean((pred[:, 0] - batch["fit_score"]) ** 2)
        return loss, updates["batch_stats"]


class SaddleFitTrainer:
    def __init__(self, model, state):
        self.stepper = Stepper(model)
        self.state = state

    def run_epoch(self, ride_log):
        def body(carry, batch):
            total, stats = carry
            loss, new_stats = self.stepper(self.state.replace(batch_stats=stats), batch)
            return (total + loss, new_stats), loss

        init = (jnp.zeros(()), self.state.batch_stats)
        (total, stats), losses = lax.scan(body, init, ride_log)
        self.state = self.state.replace(batch_stats=stats, step=self.state.step + losses.shape[0])
        return total / losses.shape[0]

    def drift_report(self):
        mean = self.state.batch_stats["BatchNorm_0"]["mean"]
        return jnp.abs(mean).sum()


def main():
    zones = jax.random.normal(jax.random.key(0), (6, 4, 5))  # 6 rides, 4 frames, 5 zones
    fit_score = jnp.linspace(0.0, 1.0, 24).reshape(6, 4)
    model = PressureMapNet()
    variables = model.init(jax.random.key(1), zones[0])
    trainer = SaddleFitTrainer(model, FitState(variables["params"], variables["batch_stats"]))
    trainer.run_epoch({"zones": zones, "fit_score": fit_score})
    trainer.drift_report()
    return None
