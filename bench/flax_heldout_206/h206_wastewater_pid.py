# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "integral" in "/" because collection "controller" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_control_step returns a step closing over functools.partial(model.apply, variables); fori_loop runs it and the controller's integral variable is written in the immutable apply
"""Dissolved-oxygen control for an activated-sludge aeration basin (PI + learned feed-forward)."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class BasinConfig:
    setpoint: float = 2.0      # mg/L dissolved oxygen
    saturation: float = 9.1
    kla_max: float = 12.0
    uptake: float = 1.5        # oxygen uptake rate, mg/L/h
    dt: float = 0.05
    steps: int = 40


class AerationController(nn.Module):
    kp: float = 0.8
    ki: float = 0.2

    @nn.compact
    def __call__(self, error, influent):
        integral = self.variable("controller", "integral", lambda: jnp.zeros(()))
        integral.value = integral.value + error
        feed_forward = nn.Dense(1)(influent)[0]
        return jax.nn.sigmoid(self.kp * error + self.ki * integral.value + feed_forward)


def make_control_step(model, variables, cfg: BasinConfig, influent):
    policy = functools.partial(model.apply, variables)

    def step(i, oxygen):
        valve = policy(cfg.setpoint - oxygen, influent[i])
        transfer = cfg.kla_max * valve * (cfg.saturation - oxygen)
        return oxygen + cfg.dt * (transfer - cfg.uptake)

    return step


def main():
    cfg = BasinConfig()
    model = AerationController()
    influent = jax.random.uniform(jax.random.key(3), (cfg.steps, 4))
    variables = model.init(jax.random.key(0), jnp.zeros(()), influent[0])
    step = make_control_step(model, variables, cfg, influent)
    oxygen = fori_loop(0, cfg.steps, step, jnp.asarray(0.5))
    oxygen.block_until_ready()
    return None
