# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local dict of (model, variables) pairs unpacked in the scan body; the updated variables written back into the dict
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
    def tick(yaw, reading):
        x = reading
        for name, (module, variables) in list(stages.items()):
            x, updates = module.apply(variables, x, mutable=["stats"])
            if updates:
                stages[name] = (module, {**variables, **updates})
        yaw = jnp.clip(yaw + x, -180.0, 180.0)
        return yaw, yaw

    return lax.scan(tick, jnp.zeros(()), readings)


def main():
    readings = jax.random.normal(jax.random.key(2), (64, 5)) * jnp.array([3.0, 20.0, 1.0, 0.5, 8.0])
    stages = build_stages(readings[0])
    replay(stages, readings)
    _, norm_vars = stages["normaliser"]
    persisted = jax.tree.map(lambda a: jnp.round(a, 4), norm_vars["stats"])
    print("persisted normaliser:", persisted)
    return None
