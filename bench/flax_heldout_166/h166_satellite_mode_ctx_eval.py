# label: ok
# flax-error: none
# class: 4 GroundStation.inference_mode() swaps station.session.bound for an inference-mode decoder; the while_loop body calls it through station -> session
"""Satellite telemetry: a ground station iteratively refines an attitude estimate from a decoder."""
import contextlib
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class StationConfig:
    sensors: int = 6
    state_dim: int = 4
    max_iters: int = 8
    tol: float = 1e-3


class AttitudeDecoder(nn.Module):
    state_dim: int
    train: bool = False

    @nn.compact
    def __call__(self, readings):
        h = nn.Dense(16)(readings)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.Dense(self.state_dim)(nn.tanh(h))


class DecoderSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables)


class GroundStation:
    def __init__(self, cfg, session):
        self.cfg = cfg
        self.session = session

    @contextlib.contextmanager
    def inference_mode(self):
        previous = self.session.bound
        self.session.bound = self.session.model.clone(train=False).bind(self.session.variables)
        try:
            yield self
        finally:
            self.session.bound = previous

    def refine(self, readings):
        def cond(carry):
            i, _, delta = carry
            return (i < self.cfg.max_iters) & (delta > self.cfg.tol)

        def body(carry):
            i, estimate, _ = carry
            correction = self.session.bound(readings + estimate.sum(-1, keepdims=True))
            new = 0.5 * estimate + 0.5 * correction
            return i + 1, new, jnp.max(jnp.abs(new - estimate))

        start = (jnp.int32(0), jnp.zeros((readings.shape[0], self.cfg.state_dim)), jnp.float32(jnp.inf))
        return lax.while_loop(cond, body, start)[1]


def main():
    cfg = StationConfig()
    readings = jax.random.normal(jax.random.key(0), (5, cfg.sensors))
    model = AttitudeDecoder(cfg.state_dim)
    variables = model.init(jax.random.key(1), readings)
    station = GroundStation(cfg, DecoderSession(model, variables))
    with station.inference_mode():
        estimate = station.refine(readings)
    estimate.block_until_ready()
    return None
