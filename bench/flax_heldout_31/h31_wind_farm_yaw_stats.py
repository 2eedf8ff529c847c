# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "moves" in "/actuator" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 apply(method=rollout) runs a fori_loop whose bound-method body reaches a 'stats' counter update
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FarmConfig:
    n_turbines: int = 4
    n_hours: int = 6
    max_slew: float = 0.1


class YawActuator(nn.Module):
    n_turbines: int
    max_slew: float

    @nn.compact
    def __call__(self, features, yaw):
        moves = self.variable("stats", "moves", jnp.zeros, (self.n_turbines,))
        target = nn.Dense(self.n_turbines)(features)
        delta = jnp.clip(target - yaw, -self.max_slew, self.max_slew)
        moves.value = moves.value + (jnp.abs(delta) > 0.5 * self.max_slew)
        return yaw + delta


class FarmController(nn.Module):
    cfg: FarmConfig

    def setup(self):
        self.sensor = nn.Dense(8)
        self.actuator = YawActuator(self.cfg.n_turbines, self.cfg.max_slew)

    def control(self, wind, yaw):
        return self.actuator(jnp.tanh(self.sensor(wind)), yaw)

    def _hour(self, t, carry):
        yaw, winds, power = carry
        yaw = self.control(winds[t], yaw)
        power = power + jnp.cos(yaw - winds[t, 0]).sum()
        return yaw, winds, power

    def rollout(self, winds):
        yaw0 = jnp.zeros((self.cfg.n_turbines,))
        yaw, _, power = jax.lax.fori_loop(0, winds.shape[0], self._hour, (yaw0, winds, 0.0))
        return yaw, power


class FarmEvaluator:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = FarmController(cfg)
        wind = jnp.zeros((2,))
        yaw = jnp.zeros((cfg.n_turbines,))
        self.variables = self.model.init(jax.random.key(seed), wind, yaw, method=FarmController.control)

    def evaluate(self, winds):
        yaw, power = self.model.apply(self.variables, winds, method=FarmController.rollout)
        return {"final_yaw": yaw, "energy": power}


def main():
    cfg = FarmConfig()
    evaluator = FarmEvaluator(cfg)
    winds = jax.random.uniform(jax.random.key(1), (cfg.n_hours, 2), minval=-1.0, maxval=1.0)
    report = evaluator.evaluate(winds)
    _ = float(report["energy"])
    return None
