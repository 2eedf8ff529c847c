# label: ok
# flax-error: none
# class: 2 the explorer submodule is a local of CoolingPolicy.__call__; one make_rng("explore") key is split before the scan and the per-step keys enter as xs
"""Data-centre cooling agent: a deterministic set-point policy plus Gaussian exploration during rollouts.

The rollout returns the exploration perturbation applied at every control step, which the
replay writer logs next to the transitions.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GaussianExplorer(nn.Module):
    sigma: float = 0.3

    @nn.compact
    def __call__(self, shape, key=None):
        key = self.make_rng("explore") if key is None else key
        return self.sigma * jax.random.normal(key, shape)


class CoolingPolicy(nn.Module):
    num_fans: int = 4
    sigma: float = 0.3

    @nn.compact
    def __call__(self, telemetry):
        actor = nn.Dense(self.num_fans, name="actor")
        explorer = GaussianExplorer(self.sigma)
        base = actor(telemetry[0])

        def control_step(prev, inputs):
            reading, key = inputs
            noise = explorer(base.shape, key)
            return actor(reading) + noise, noise

        keys = jax.random.split(self.make_rng("explore"), telemetry.shape[0])
        _, perturbations = scan(control_step, base, (telemetry, keys))
        return perturbations


class RolloutWorker:
    def __init__(self, policy: CoolingPolicy, seed: int):
        self.policy = policy
        self.key = jax.random.key(seed)
        self.variables = None

    def collect(self, telemetry):
        self.key, init_key, explore_key = jax.random.split(self.key, 3)
        if self.variables is None:
            self.variables = self.policy.init({"params": init_key, "explore": init_key}, telemetry)
        return self.policy.apply(self.variables, telemetry, rngs={"explore": explore_key})


def main():
    telemetry = jax.random.normal(jax.random.key(8), (8, 10))
    worker = RolloutWorker(CoolingPolicy(), seed=1)
    return worker.collect(telemetry)
