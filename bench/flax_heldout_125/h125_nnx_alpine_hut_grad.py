# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 the OccupancyPolicy module, reached through HutBookingService -> NightScheduler -> a sensitivity plugin from a registry, is passed to nnx.grad inside the scan body
"""Alpine hut booking: a scheduler computes, night by night, how sensitive the occupancy
policy is to the weather forecast, using a plugin chosen from a registry.
"""
import jax
import jax.numpy as jnp
from flax import nnx

PLUGINS = {}


def plugin(name):
    def decorate(fn):
        PLUGINS[name] = fn
        return fn
    return decorate


class OccupancyPolicy(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.weather = nnx.Linear(n_features, 4, rngs=rngs)
        self.beds = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, night):
        return nnx.sigmoid(self.beds(nnx.relu(self.weather(night))))[0]


@plugin("param_norm")
def param_sensitivity(policy, night):
    grads = nnx.grad(lambda p: p(night))(policy)
    return sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))


class NightScheduler:
    def __init__(self, policy, plugin_name):
        self.policy = policy
        self.sensitivity = PLUGINS[plugin_name]

    def season(self, nights):
        def night_step(carry, night):
            s = self.sensitivity(self.policy, night)
            return carry + s, s

        return jax.lax.scan(night_step, jnp.float32(0.0), nights)


class HutBookingService:
    def __init__(self, scheduler):
        self.scheduler = scheduler

    def report(self, nights):
        total, per_night = self.scheduler.season(nights)
        return per_night / jnp.maximum(total, 1e-6)


def main():
    policy = OccupancyPolicy(3, nnx.Rngs(0))
    service = HutBookingService(NightScheduler(policy, "param_norm"))
    service.report(jax.random.normal(jax.random.key(1), (5, 3))).block_until_ready()
    return None
