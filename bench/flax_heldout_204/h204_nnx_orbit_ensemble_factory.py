# label: same-values
# flax-error: none
# class: 5 make_member_step(cfg, model) returns a step that builds nnx.Rngs(perturb=cfg.seed) and passes it to the model's dropout in the scan body
"""Satellite orbit determination: a learned correction to a two-body propagator, with a
Monte-Carlo dropout ensemble to get covariance for conjunction screening. A frozen config
drives the factory that builds the per-member step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    seed: int = 2024
    n_members: int = 8
    dt: float = 10.0


class OrbitCorrection(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rng_collection="perturb")
        self.l2 = nnx.Linear(32, 6, rngs=rngs)

    def __call__(self, state, *, rngs=None):
        h = self.drop(jnp.tanh(self.l1(state)), rngs=rngs)
        return 1e-3 * self.l2(h)


def two_body(state, dt):
    r, v = state[:3], state[3:]
    a = -r / jnp.linalg.norm(r) ** 3
    return jnp.concatenate([r + v * dt, v + a * dt])


def make_member_step(cfg: EnsembleConfig, model: OrbitCorrection, state0):
    def member_step(carry, member):
        rngs = nnx.Rngs(perturb=cfg.seed)
        corrected = two_body(state0, cfg.dt) + model(state0, rngs=rngs)
        return carry, corrected

    return member_step


class ConjunctionScreener:
    def __init__(self, cfg: EnsembleConfig, model: OrbitCorrection):
        self.cfg, self.model = cfg, model

    def ensemble(self, state0):
        step = make_member_step(self.cfg, self.model, state0)
        _, members = lax.scan(step, None, jnp.arange(self.cfg.n_members))
        return members


def main():
    cfg = EnsembleConfig()
    screener = ConjunctionScreener(cfg, OrbitCorrection(rngs=nnx.Rngs(0)))
    state0 = jnp.array([1.0, 0.0, 0.0, 0.0, 1.0, 0.0])
    return screener.ensemble(state0)
