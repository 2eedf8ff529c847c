# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "avg" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a plugin looked up by name in a registry, applied without a mutable 'ema' collection inside a while_loop body
"""Plugin system: feature trackers are registered by name and run until a signal settles."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

PLUGINS = {}


def register(name):
    def wrap(cls):
        PLUGINS[name] = cls
        return cls
    return wrap


@register("ema_tracker")
class EMATracker(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, x):
        avg = self.variable("ema", "avg", jnp.zeros_like, x)
        if not self.is_initializing():
            avg.value = self.decay * avg.value + (1.0 - self.decay) * x
        return avg.value


class PluginHost:
    def __init__(self, sample):
        self.loaded = {}
        for name, cls in PLUGINS.items():
            module = cls()
            self.loaded[name] = (module, module.init(jax.random.key(0), sample))

    def get(self, name):
        return self.loaded[name]


def settle(host, signal, tol=1e-3, max_iters=50):
    tracker, variables = host.get("ema_tracker")

    def cond(carry):
        i, prev, cur = carry
        return (i < max_iters) & (jnp.max(jnp.abs(cur - prev)) > tol)

    def body(carry):
        i, _, cur = carry
        return i + 1, cur, tracker.apply(variables, signal)

    return lax.while_loop(cond, body, (0, jnp.full_like(signal, 1e9), jnp.zeros_like(signal)))


def main():
    signal = jnp.linspace(0.0, 1.0, 5)
    host = PluginHost(signal)
    settle(host, signal)
    return None
