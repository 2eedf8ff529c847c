# label: ok
# flax-error: none
# class: 3 fori_loop bound-method body calls apply(method=control, mutable=['stats']) and carries the stats
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



class FarmEvaluator:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = FarmController(cfg)
        wind = jnp.zeros((2,))
        yaw = jnp.zeros((cfg.n_turbines,))
        self.variables = self.model.init(jax.random.key(seed), wind, yaw, method=FarmController.control)

    def _hour(self, t, carry):
        yaw, stats, winds, power = carry
        variables = {"params": self.variables["params"], "stats": stats}
        yaw, mutated = self.model.apply(
            variables, winds[t], yaw, method=FarmController.control, mutable=["stats"])
        power = power + jnp.cos(yaw - winds[t, 0]).sum()
        return yaw, mutated["stats"], winds, power

    def evaluate(self, winds):
        yaw0 = jnp.zeros((self.cfg.n_turbines,))
        carry = (yaw0, self.variables["stats"], winds, 0.0)
        yaw, stats, _, power = jax.lax.fori_loop(0, winds.shape[0], self._hour, carry)
        return {"final_yaw": yaw, "energy": power, "moves": stats}


def main():
    cfg = FarmConfig()
    evaluator = FarmEvaluator(cfg)
    winds = jax.random.uniform(jax.random.key(1), (cfg.n_hours, 2), minval=-1.0, maxval=1.0)
    report = evaluator.evaluate(winds)
    _ = float(report["energy"])
    return None
