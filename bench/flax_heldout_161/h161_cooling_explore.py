# label: same-values
# flax-error: none
# class: 2 the explorer submodule is a local of CoolingPolicy.__call__ and draws self.make_rng("explore") inside the scan body
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
    def __call__(self, shape):
        return self.sigma * jax.random.normal(self.make_rng("explore"), shape)


class CoolingPolicy(nn.Module):
    num_fans: int = 4
    sigma: float = 0.3

    @nn.compact
    def __call__(self, telemetry):
        actor = nn.Dense(self.num_fans, name="actor")
        explorer = GaussianExplorer(self.sigma)
        base = actor(telemetry[0])

        def control_step(prev, reading):
            noise = explorer(base.shape)
            return actor(reading) + noise, noise

        _, perturbations = scan(control_step, base, telemetry)
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
