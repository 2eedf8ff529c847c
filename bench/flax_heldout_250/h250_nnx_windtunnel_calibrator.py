# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 3 (12 B)
# class: 4 the fori_loop body in TunnelCalibrator.run reaches self.session.model and self.session.optimizer (a session built from the tuple open_session returns) and takes nnx.grad of the model
"""Balance-sensor calibration for the wind-tunnel lab's force balance."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class BalanceSpec:
    gauges: int = 6
    components: int = 3
    learning_rate: float = 0.02
    passes: int = 4


class ForceBalance(nnx.Module):
    def __init__(self, spec: BalanceSpec, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(spec.gauges, spec.components, rngs=rngs)
        self.offset = nnx.Param(jnp.zeros((spec.components,)))

    def __call__(self, strains):
        return self.mix(strains) + self.offset[...]


@dataclass
class Session:
    model: ForceBalance
    optimizer: nnx.Optimizer
    passes: int


def open_session(spec: BalanceSpec, seed: int = 0):
    model = ForceBalance(spec, rngs=nnx.Rngs(seed))
    optimizer = nnx.Optimizer(model, optax.adam(spec.learning_rate), wrt=nnx.Param)
    return model, optimizer


def calibration_loss(model, strains, loads):
    return jnp.mean((model(strains) - loads) ** 2)


class TunnelCalibrator:
    def __init__(self, spec: BalanceSpec):
        model, optimizer = open_session(spec)
        self.session = Session(model, optimizer, spec.passes)

    def run(self, strains, loads):
        def one_pass(i, last_loss):
            loss, grads = nnx.value_and_grad(calibration_loss)(self.session.model, strains, loads)
            self.session.optimizer.update(self.session.model, grads)
            return loss

        return lax.fori_loop(0, self.session.passes, one_pass, jnp.float32(0.0))


def reference_loads(spec: BalanceSpec, points=8):
    strains = jnp.cos(jnp.arange(points * spec.gauges, dtype=jnp.float32)).reshape(points, spec.gauges)
    return strains, strains[:, : spec.components] * 2.0


def main():
    spec = BalanceSpec()
    strains, loads = reference_loads(spec)
    calibrator = TunnelCalibrator(spec)
    loss = calibrator.run(strains, loads)
    jax.block_until_ready((loss, nnx.state(calibrator.session.model)))
    return None
