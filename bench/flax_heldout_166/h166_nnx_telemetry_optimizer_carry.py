# label: ok
# flax-error: none
# class: 3 OnlineCalibrator.model and OnlineCalibrator.optimizer are split before the scan, their state travels in the carry and is merged in the body, and nnx.update writes it back after the loop
"""Satellite telemetry: an on-board calibrator fits a sensor-bias model over downlinked windows."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CalibrationConfig:
    sensors: int = 6
    hidden: int = 12
    windows: int = 5
    window_len: int = 8
    peak_lr: float = 1e-2


class BiasModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.hidden = nnx.Linear(cfg.sensors, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.sensors, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


def bias_loss(model, raw, reference):
    return jnp.mean((raw - model(raw) - reference) ** 2)


class OnlineCalibrator:
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.model = BiasModel(cfg, rngs)
        schedule = optax.cosine_decay_schedule(cfg.peak_lr, decay_steps=cfg.windows)
        self.optimizer = nnx.Optimizer(self.model, optax.adam(schedule), wrt=nnx.Param)

    def fit_pass(self, raw, reference):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def window(state, batch):
            raw_w, ref_w = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bias_loss)(model, raw_w, ref_w)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(window, state, (raw, reference))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = CalibrationConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    raw = jax.random.normal(k1, (cfg.windows, cfg.window_len, cfg.sensors))
    reference = raw - 0.1 * jax.random.normal(k2, raw.shape)
    calibrator = OnlineCalibrator(cfg, nnx.Rngs(0))
    losses = calibrator.fit_pass(raw, reference)
    losses.block_until_ready()
    return None
