# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gain" in "/" because collection "filter" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a @register_filter builder returns a correct() closure over model.bind(variables); the scan body calls it and the module updates its 'filter' gain
"""GNSS positioning service: measurement filters are looked up by name in a decorator registry."""
import jax
import jax.numpy as jnp
import flax.linen as nn

FILTER_BUILDERS = {}


def register_filter(name):
    def decorator(builder):
        FILTER_BUILDERS[name] = builder
        return builder
    return decorator


class LearnedGain(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, innovation):
        gain = self.variable("filter", "gain", lambda: jnp.full((self.dim,), 0.5))
        proposal = nn.sigmoid(nn.Dense(self.dim)(innovation))
        gain.value = 0.9 * gain.value + 0.1 * proposal
        return gain.value * innovation


@register_filter("learned_gain")
def build_learned_gain(model, variables):
    bound = model.bind(variables)

    def correct(estimate, measurement):
        return estimate + bound(measurement - estimate)

    return correct


def track(filter_name, model, variables, measurements):
    correct = FILTER_BUILDERS[filter_name](model, variables)

    def body(estimate, z):
        estimate = correct(estimate, z)
        return estimate, estimate

    _, path = jax.lax.scan(body, measurements[0], measurements[1:])
    return path


def main():
    model = LearnedGain()
    measurements = jnp.cumsum(jax.random.normal(jax.random.key(0), (12, 3)), axis=0)
    variables = model.init(jax.random.key(1), measurements[0])
    track("learned_gain", model, variables, measurements).block_until_ready()
    return None
