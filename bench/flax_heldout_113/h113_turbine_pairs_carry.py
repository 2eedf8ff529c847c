# label: ok
# flax-error: none
# class: 2 a local dict of (model, variables) pairs unpacked in the scan body; the updated variables carried and written back after the loop
"""Wind farm yaw control: a normaliser with running statistics feeds a yaw policy; the
controller replays one turbine's nacelle readings and persists the normaliser statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RunningNormaliser(nn.Module):
    momentum: float = 0.98

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape)
        var = self.variable("stats", "var", jnp.ones, x.shape)
        if not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x
            var.value = self.momentum * var.value + (1 - self.momentum) * (x - mean.value) ** 2
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class YawPolicy(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(24)(x))
        return 10.0 * jnp.tanh(nn.Dense(1)(h))[0]  # yaw correction in degrees


def build_stages(example):
    norm, policy = RunningNormaliser(), YawPolicy()
    norm_vars = norm.init(jax.random.key(0), example)
    policy_vars = policy.init(jax.random.key(1), example)
    return {"normaliser": (norm, norm_vars), "policy": (policy, policy_vars)}


def replay(stages, readings):
    modules = {name: module for name, (module, _) in stages.items()}

    def tick(carry, reading):
        yaw, all_vars = carry
        x, new_vars = reading, {}
        for name, variables in all_vars.items():
            x, updates = modules[name].apply(variables, x, mutable=["stats"])
            new_vars[name] = {**variables, **updates}
        yaw = jnp.clip(yaw + x, -180.0, 180.0)
        return (yaw, new_vars), yaw

    init = (jnp.zeros(()), {name: variables for name, (_, variables) in stages.items()})
    (yaw, final_vars), trace = lax.scan(tick, init, readings)
    for name, variables in final_vars.items():
        stages[name] = (modules[name], variables)
    return yaw, trace


def main():
    readings = jax.random.normal(jax.random.key(2), (64, 5)) * jnp.array([3.0, 20.0, 1.0, 0.5, 8.0])
    stages = build_stages(readings[0])
    replay(stages, readings)
    _, norm_vars = stages["normaliser"]
    persisted = jax.tree.map(lambda a: jnp.round(a, 4), norm_vars["stats"])
    print("persisted normaliser:", persisted)
    return None
