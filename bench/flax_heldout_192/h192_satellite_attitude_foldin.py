# label: ok
# flax-error: none
# class: 5 make_disturbance_step(model, params, key) is a factory returning the fori_loop body; the closure folds the step index into key for rngs={"disturbance": ...}
"""Satellite attitude simulator: Monte-Carlo disturbance torques around a nominal attitude."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class OrbitConfig:
    n_steps: int = 6
    torque_scale: float = 1e-3


class DisturbanceModel(nn.Module):
    scale: float

    @nn.compact
    def __call__(self, quaternion):
        torque = nn.Dense(3, name="torque_head")(quaternion)
        noise = jax.random.normal(self.make_rng("disturbance"), torque.shape)
        return torque + self.scale * noise


def make_disturbance_step(model, params, quaternion, key):
    def step(i, torques):
        torque = model.apply({"params": params}, quaternion,
                             rngs={"disturbance": jax.random.fold_in(key, i)})
        return torques.at[i].set(torque)
    return step


class AttitudeSimulator:
    def __init__(self, cfg: OrbitConfig, model, params):
        self.cfg, self.model, self.params = cfg, model, params

    def sample_torques(self, quaternion, key):
        step = make_disturbance_step(self.model, self.params, quaternion, key)
        init = jnp.zeros((self.cfg.n_steps, 3))
        return jax.lax.fori_loop(0, self.cfg.n_steps, step, init)


def main():
    cfg = OrbitConfig()
    q = jnp.array([0.9, 0.1, 0.3, 0.2])
    model = DisturbanceModel(cfg.torque_scale)
    params = model.init({"params": jax.random.key(0), "disturbance": jax.random.key(1)}, q)["params"]
    return AttitudeSimulator(cfg, model, params).sample_torques(q, jax.random.key(2))
