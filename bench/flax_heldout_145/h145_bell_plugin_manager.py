# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "strikes" in "/strike_counter" because collection "tally" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 TuningRig runs a scan over hammer strikes whose body calls plugins built by a PluginManager from a decorator registry; one plugin writes its 'tally' variable
"""Bell foundry tuning rig with a plugin manager.

Analysis plugins are registered with a decorator and instantiated by name from the rig
configuration. The rig scans over hammer strikes and runs every enabled plugin on each one.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

_REGISTRY = {}


def register(name):
    def wrap(cls):
        _REGISTRY[name] = cls
        return cls
    return wrap


@register("partials")
class PartialAnalyzer(nn.Module):
    @nn.compact
    def __call__(self, strike):
        return jnp.sum(nn.Dense(5, name="hum_prime_tierce")(strike) ** 2)


@register("strike_counter")
class StrikeCounter(nn.Module):
    @nn.compact
    def __call__(self, strike):
        count = self.variable("tally", "strikes", lambda: jnp.zeros((), jnp.int32))
        count.value = count.value + 1
        return jnp.zeros(())


class PluginManager:
    def __init__(self, registry):
        self.registry = registry

    def build(self, names):
        return tuple(self.registry[name](name=name) for name in names)


class TuningRig(nn.Module):
    plugin_names: tuple

    def setup(self):
        self.plugins = PluginManager(_REGISTRY).build(self.plugin_names)

    def calibrate(self, strike):
        return sum(plugin(strike) for plugin in self.plugins)

    def __call__(self, strikes):
        def body(total, strike):
            score = sum(plugin(strike) for plugin in self.plugins)
            return total + score, score

        return lax.scan(body, jnp.zeros(()), strikes)


def main():
    rig = TuningRig(plugin_names=("partials", "strike_counter"))
    strikes = jax.random.normal(jax.random.key(2), (6, 12))
    variables = rig.init(jax.random.key(0), strikes[0], method=TuningRig.calibrate)
    total, scores = rig.apply(variables, strikes)
    print("tenor bell partial energy", float(total), scores.shape)
    return None
