# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_snow" in "/" because collection "route_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the route_log collection of PlowPolicy is written through the module's hooks tuple -> a hook function -> module.put_variable inside the while_loop body
"""Snowplow routing: a plow policy keeps clearing the snowiest road segment until the network
is passable, with pluggable hooks that observe each pass.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


def log_last_pass(module, step, snow):
    module.put_variable("route_log", "last_snow", snow)


class PlowPolicy(nn.Module):
    hooks: tuple = ()
    passable_cm: float = 5.0
    max_passes: int = 20

    @nn.compact
    def __call__(self, snow_cm):
        priority = nn.Dense(snow_cm.shape[-1], name="priority")
        priority(snow_cm)

        def still_blocked(state):
            step, snow = state
            return (step < self.max_passes) & (snow.max() > self.passable_cm)

        def plow_pass(state):
            step, snow = state
            target = jnp.argmax(priority(snow) + snow)
            snow = snow.at[target].multiply(0.3)
            for hook in self.hooks:
                hook(self, step, snow)
            return step + 1, snow

        return jax.lax.while_loop(still_blocked, plow_pass, (jnp.int32(0), snow_cm))


class DepotDispatcher:
    def __init__(self, policy, params):
        self.policy = policy
        self.params = params

    def dispatch(self, snow_cm):
        passes, remaining = self.policy.apply({"params": self.params}, snow_cm)
        return passes, remaining.max()


def main():
    snow_cm = 20.0 * jax.random.uniform(jax.random.key(0), (6,))
    policy = PlowPolicy(hooks=(log_last_pass,))
    variables = policy.init(jax.random.key(1), snow_cm)
    dispatcher = DepotDispatcher(policy, variables["params"])
    passes, worst = dispatcher.dispatch(snow_cm)
    worst.block_until_ready()
    return None
