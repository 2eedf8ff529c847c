# label: ok
# flax-error: none
# class: 5 make_rollout_step(policy, cfg) returns a step function that takes its key as xs; the service splits per-step keys from policy.rngs.explore before the scan
"""Delivery-drone route policy: exploratory rollouts for a simulation-based evaluation service."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FlightConfig:
    steps: int = 10
    sigma: float = 0.3
    dt: float = 0.5


class RoutePolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(4, 2, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs):
        return jnp.tanh(self.net(obs))


def make_rollout_step(policy: RoutePolicy, cfg: FlightConfig):
    def rollout_step(carry, explore_key):
        position, target = carry
        obs = jnp.concatenate([position, target - position])
        jitter = cfg.sigma * jax.random.normal(explore_key, (2,))
        velocity = policy(obs) + jitter
        return (position + cfg.dt * velocity, target), jitter

    return rollout_step


class RolloutService:
    def __init__(self, policy: RoutePolicy, cfg: FlightConfig):
        self.cfg = cfg
        self.policy = policy
        self.step = make_rollout_step(policy, cfg)

    def fly(self, start, target):
        keys = jax.random.split(self.policy.rngs.explore(), self.cfg.steps)
        (end, _), jitters = lax.scan(self.step, (start, target), keys)
        return end, jitters


def main():
    policy = RoutePolicy(nnx.Rngs(params=0, explore=1))
    service = RolloutService(policy, FlightConfig())
    end, jitters = service.fly(jnp.zeros(2), jnp.array([3.0, -1.0]))
    print("landing error", float(jnp.linalg.norm(end - jnp.array([3.0, -1.0]))))
    return jitters
