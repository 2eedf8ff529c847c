# label: ok
# flax-error: none
# class: 5 make_noisy_step builds the scan body as a closure that splits the key carried through the scan and draws actuator noise from an nnx.Rngs made from the subkey
import dataclasses

import jax
from jax import numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class RolloutConfig:
    horizon: int = 5
    noise_seed: int = 3
    torque_noise: float = 0.05


class TorqueModel(nnx.Module):
    def __init__(self, obs_dim, n_joints, rngs):
        self.linear = nnx.Linear(obs_dim, n_joints, rngs=rngs)

    def __call__(self, obs):
        return 2.0 * jnp.tanh(self.linear(obs))


def make_noisy_step(cfg, model, obs):
    def noisy_step(key, _):
        key, sub = jax.random.split(key)
        rngs = nnx.Rngs(actuator=sub)
        torque = model(obs)
        return key, torque + cfg.torque_noise * jax.random.normal(rngs.actuator(), torque.shape)

    return noisy_step


class RobustnessRunner:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model

    def run(self, obs):
        step = make_noisy_step(self.cfg, self.model, obs)
        _, torques = jax.lax.scan(step, jax.random.key(self.cfg.noise_seed), None, length=self.cfg.horizon)
        return torques


def main():
    cfg = RolloutConfig()
    runner = RobustnessRunner(cfg, TorqueModel(obs_dim=6, n_joints=3, rngs=nnx.Rngs(0)))
    obs = jnp.array([0.1, 0.4, -0.2, 0.0, 0.05, -0.1])
    return runner.run(obs)
