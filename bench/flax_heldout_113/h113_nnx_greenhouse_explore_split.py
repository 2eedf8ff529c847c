# label: ok
# flax-error: none
# class: 5 factory make_explore_step returns a step closing over the policy; the controller's nnx.Rngs is nnx.split and its state carried through the scan
"""Greenhouse climate control: the vent/heating policy explores around its action with
Gaussian noise during the nightly calibration run; the run logs the exploration noise."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ExploreConfig:
    sigma: float = 0.2
    hours: int = 12


class ClimatePolicy(nnx.Module):
    def __init__(self, sensors, actuators, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(sensors, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, actuators, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


class Controller:
    def __init__(self, policy, rngs):
        self.policy = policy
        self.rngs = rngs


def make_explore_step(controller, cfg):
    rng_def, rng_state = nnx.split(controller.rngs)

    def step(cfg, carry, obs):
        temperature, rng_state = carry
        rngs = nnx.merge(rng_def, rng_state)
        action = controller.policy(obs)
        noise = cfg.sigma * jax.random.normal(rngs.explore(), action.shape)
        temperature = temperature + 0.5 * (action + noise)[0]
        return (temperature, nnx.state(rngs)), noise

    return functools.partial(step, cfg), rng_state


def calibration_run(controller, cfg, observations):
    step, rng_state = make_explore_step(controller, cfg)
    (_, rng_state), noise = jax.lax.scan(step, (jnp.asarray(18.0), rng_state), observations)
    nnx.update(controller.rngs, rng_state)
    return noise


def main():
    cfg = ExploreConfig()
    controller = Controller(ClimatePolicy(5, 3, rngs=nnx.Rngs(0)), nnx.Rngs(explore=11))
    observations = jax.random.normal(jax.random.key(1), (cfg.hours, 5))
    return calibration_run(controller, cfg, observations)
